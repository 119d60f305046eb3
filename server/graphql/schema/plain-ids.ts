// Without Relay global ids (NodePlugin disabled) a table's `id` column is simply `id`, not `rowId`.
export const PlainIdsPlugin: GraphileConfig.Plugin = {
  name: "PlainIdsPlugin",
  version: "1.0.0",
  inflection: {
    replace: {
      _attributeName(previous, _options, details) {
        return previous!({ ...details, skipRowId: true });
      },
    },
  },
};
