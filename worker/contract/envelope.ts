export type Envelope<T> = { code: number; message: string; data: T };

export type SystemConfig = {
  registerEnabled: boolean;
  disablePasswordLogin: boolean;
};
