export declare const BENCHMARKS_FILE: string
export declare function writeReportSection(
  name: string,
  heading: string,
  body: string,
  file?: string,
): void
export declare function busyness(): string
export declare function duration(seconds: number): string
