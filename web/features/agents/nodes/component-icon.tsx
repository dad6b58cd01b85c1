import { BookOpenText, BookSearch, Braces, CloudSun, Combine, Database, FileCode, FileText, GitBranch, Globe, KeyRound, Languages, Mail, MessageSquareReply, MessageSquareText, Microscope, Network, PenLine, Play, Repeat, Scale, Search, Signpost, Sparkles, Split, StickyNote, Tags, TrendingUp, type LucideIcon } from "lucide-react";
import type { ComponentName } from "../../../../worker/contract/agents";

const ICONS: Record<ComponentName, LucideIcon> = {
  Begin: Play,
  Answer: MessageSquareReply,
  Message: MessageSquareText,
  Retrieval: BookSearch,
  Generate: Sparkles,
  Categorize: Tags,
  Relevant: Scale,
  RewriteQuestion: PenLine,
  KeywordExtract: KeyRound,
  Switch: Split,
  Iteration: Repeat,
  IterationItem: Signpost,
  Template: FileCode,
  Invoke: Globe,
  Concentrator: Combine,
  Note: StickyNote,
  Email: Mail,
  Wikipedia: BookOpenText,
  DuckDuckGo: Search,
  PubMed: Microscope,
  ArXiv: FileText,
  Google: Search,
  Bing: Search,
  Tavily: Search,
  SearXNG: Search,
  GitHub: GitBranch,
  YahooFinance: TrendingUp,
  DeepL: Languages,
  Translate: Languages,
  Crawler: Network,
  QWeather: CloudSun,
  ExeSQL: Database,
};

export const ComponentIcon = ({ name, size = 16 }: { name: ComponentName; size?: number }) => {
  const Icon = ICONS[name] ?? Braces;
  return <Icon size={size} aria-hidden />;
};
