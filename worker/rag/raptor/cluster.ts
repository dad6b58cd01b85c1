// RAPTOR's clustering (RAGFlow's rag/raptor.py, in TypeScript): project the layer's embeddings to a few
// dimensions, pick the Gaussian-mixture cluster count with the lowest BIC, and put each node in the first
// cluster it belongs to with more than `threshold` probability. RAGFlow reduces with UMAP; principal
// components keep the same "few dense dimensions" at a fraction of the cost, and every step is seeded.

import { dot } from "../vector-math";

export type Random = () => number;

// mulberry32: small, fast and reproducible for a given seed
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const POWER_ITERATIONS = 30;

const EXPLAINED_SHARE = 0.9;

// The leading principal components of the vectors (power iteration with deflation on the centred data), at
// most `dims` and no more than explain 90% of the variance: directions of noise only add parameters that the
// cluster count's BIC has to pay for.
export const principalComponents = (vectors: ArrayLike<number>[], dims: number, random: Random): number[][] => {
  const n = vectors.length;
  const width = vectors[0]?.length ?? 0;
  const mean = new Float64Array(width);
  for (const vector of vectors) for (let j = 0; j < width; j++) mean[j] = (mean[j] ?? 0) + (vector[j] ?? 0) / n;
  const centred = vectors.map((vector) =>
    Float64Array.from({ length: width }, (_, j) => (vector[j] ?? 0) - (mean[j] ?? 0)),
  );
  const total = centred.reduce((sum, row) => sum + dot(row, row), 0);
  const projected: number[][] = centred.map(() => []);
  let explained = 0;
  for (let d = 0; d < dims; d++) {
    if (d > 0 && explained >= EXPLAINED_SHARE * total) break;
    let axis = Float64Array.from({ length: width }, () => random() - 0.5);
    for (let iteration = 0; iteration < POWER_ITERATIONS; iteration++) {
      const next = new Float64Array(width);
      for (const row of centred) {
        const weight = dot(row, axis);
        for (let j = 0; j < width; j++) next[j] = (next[j] ?? 0) + weight * (row[j] ?? 0);
      }
      const norm = Math.sqrt(dot(next, next));
      if (norm < 1e-12) break;
      axis = next.map((value) => value / norm);
    }
    centred.forEach((row, i) => {
      const score = dot(row, axis);
      projected[i]?.push(score);
      explained += score * score;
      for (let j = 0; j < width; j++) row[j] = (row[j] ?? 0) - score * (axis[j] ?? 0);
    });
  }
  return projected;
};

type Mixture = { means: number[][]; variances: number[][]; weights: number[] };

const REG_COVAR = 1e-6;
const VARIANCE_FLOOR = 0.01;
const EM_ITERATIONS = 100;
const EM_TOLERANCE = 1e-3;

// k-means++ seeding: each further centre is drawn with probability proportional to its squared distance.
const squaredDistance = (a: number[], b: number[]) => a.reduce((sum, x, j) => sum + (x - (b[j] as number)) ** 2, 0);

const initialMeans = (points: number[][], k: number, random: Random) => {
  const means = [[...(points[Math.floor(random() * points.length)] as number[])]];
  const nearest = points.map((point) => squaredDistance(point, means[0] as number[]));
  while (means.length < k) {
    const total = nearest.reduce((sum, d) => sum + d, 0);
    let pick = random() * total;
    const found = total > 0 ? nearest.findIndex((d) => (pick -= d) <= 0) : Math.floor(random() * points.length);
    const mean = [...(points[found < 0 ? points.length - 1 : found] as number[])];
    means.push(mean);
    points.forEach((point, i) => (nearest[i] = Math.min(nearest[i] as number, squaredDistance(point, mean))));
  }
  return means;
};

const logDensities = (point: number[], mixture: Mixture) =>
  mixture.means.map((mean, c) => {
    const variance = mixture.variances[c] as number[];
    let log = Math.log(mixture.weights[c] || 1e-300);
    for (let j = 0; j < point.length; j++) {
      const v = variance[j] as number;
      log -= 0.5 * (Math.log(2 * Math.PI * v) + ((point[j] as number) - (mean[j] as number)) ** 2 / v);
    }
    return log;
  });

const logSumExp = (values: number[]) => {
  const top = Math.max(...values);
  return top + Math.log(values.reduce((sum, value) => sum + Math.exp(value - top), 0));
};

// Expectation-maximisation for a mixture of diagonal Gaussians; returns the fit and its log-likelihood.
export const fitMixture = (points: number[][], k: number, random: Random) => {
  const dims = points[0]?.length ?? 0;
  const n = points.length;
  const spread = Array.from({ length: dims }, (_, j) => {
    const mean = points.reduce((sum, p) => sum + (p[j] as number), 0) / n;
    return points.reduce((sum, p) => sum + ((p[j] as number) - mean) ** 2, 0) / n + REG_COVAR;
  });
  // a cluster's variance never drops below 1% of the layer's: otherwise one-point clusters have unbounded
  // likelihood and BIC picks as many clusters as points
  const floor = spread.map((variance) => VARIANCE_FLOOR * variance);
  const mixture: Mixture = {
    means: initialMeans(points, k, random),
    variances: Array.from({ length: k }, () => [...spread]),
    weights: Array.from({ length: k }, () => 1 / k),
  };
  let responsibilities: number[][] = [];
  let logLikelihood = -Infinity;
  for (let iteration = 0; iteration < EM_ITERATIONS; iteration++) {
    let total = 0;
    responsibilities = points.map((point) => {
      const logs = logDensities(point, mixture);
      const norm = logSumExp(logs);
      total += norm;
      return logs.map((log) => Math.exp(log - norm));
    });
    for (let c = 0; c < k; c++) {
      const mass = responsibilities.reduce((sum, r) => sum + (r[c] as number), 0) + 1e-10;
      const mean = Array.from(
        { length: dims },
        (_, j) =>
          responsibilities.reduce((sum, r, i) => sum + (r[c] as number) * ((points[i] as number[])[j] as number), 0) /
          mass,
      );
      mixture.means[c] = mean;
      mixture.variances[c] = Array.from(
        { length: dims },
        (_, j) =>
          responsibilities.reduce(
            (sum, r, i) => sum + (r[c] as number) * (((points[i] as number[])[j] as number) - (mean[j] as number)) ** 2,
            0,
          ) /
            mass +
          (floor[j] as number),
      );
      mixture.weights[c] = mass / n;
    }
    const converged = Math.abs(total - logLikelihood) < EM_TOLERANCE * n;
    logLikelihood = total;
    if (converged) break;
  }
  return { responsibilities, logLikelihood };
};

// Bayesian information criterion of a diagonal mixture: means, variances and k − 1 free weights.
const bic = (logLikelihood: number, k: number, dims: number, n: number) =>
  -2 * logLikelihood + (2 * k * dims + k - 1) * Math.log(n);

// Every count up to 16, then a geometric ladder: BIC is flat near its minimum, and each fit costs n·k.
export const candidateCounts = (largest: number) => {
  const counts: number[] = [];
  for (let k = 1; k <= largest; k = k < 16 ? k + 1 : Math.ceil(k * 1.5)) counts.push(k);
  if (counts.at(-1) !== largest && largest >= 1) counts.push(largest);
  return counts;
};

// Cluster label per point: RAGFlow tries counts 1 … min(max_cluster, n) − 1.
export const clusterLayer = (
  vectors: ArrayLike<number>[],
  options: { maxCluster: number; threshold: number; seed: number },
) => {
  const n = vectors.length;
  const random = seededRandom(options.seed);
  const points = principalComponents(vectors, Math.max(1, Math.min(12, n - 2)), random);
  let best = { score: Infinity, responsibilities: points.map(() => [1]) };
  for (const k of candidateCounts(Math.max(1, Math.min(options.maxCluster, n) - 1))) {
    const fit = fitMixture(points, k, random);
    const score = bic(fit.logLikelihood, k, points[0]?.length ?? 1, n);
    if (score < best.score) best = { score, responsibilities: fit.responsibilities };
  }
  return best.responsibilities.map((probabilities) => {
    const first = probabilities.findIndex((p) => p > options.threshold);
    return first >= 0 ? first : probabilities.indexOf(Math.max(...probabilities));
  });
};
