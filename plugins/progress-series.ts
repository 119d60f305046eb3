// Progress series in GraphQL: lastPerformance, e1rmSeries and weeklyVolume are SQL functions
// (migrations/current/8-progress-series.sql) that PostGraphile exposes by itself as root query
// fields returning lists (smart tag `@behavior -queryField:resource:connection +queryField:resource:list`),
// one statement per field. This plugin only fixes their names: a function exposed as a list only
// has no connection twin to tell apart, so it needs no `List` suffix, and "e1rm" is one word
// (camelCase would write `e1Rm`).
const LIST_ONLY = /(^|\s)-queryField:resource:connection(\s|$)/;

function behaviorOf(resource: any): string {
  const tag = resource?.extensions?.tags?.behavior;
  return Array.isArray(tag) ? tag.join(" ") : typeof tag === "string" ? tag : "";
}

export const ProgressSeriesNamesPlugin: GraphileConfig.Plugin = {
  name: "ProgressSeriesNamesPlugin",
  version: "1.0.0",
  inflection: {
    replace: {
      customQueryListField(previous: any, _options: any, details: any) {
        return LIST_ONLY.test(behaviorOf(details.resource)) ? this.customQueryField(details) : previous!(details);
      },
      camelCase(previous: any, _options: any, text: string) {
        return previous!(text).replace(/e1Rm/g, "e1rm");
      },
      upperCamelCase(previous: any, _options: any, text: string) {
        return previous!(text).replace(/E1Rm/g, "E1rm");
      },
    } as any,
  },
};
