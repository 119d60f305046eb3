// A malformed id is bad input like any other: the UUID scalar's refusal (an argument, an input
// field or a variable typed UUID) carries `extensions.code: INVALID_INPUT`, where PostGraphile's
// own has no code. Its message stays: "Invalid UUID, expected 32 hexadecimal characters, ...".
import { REQUEST_CODES } from "../../../db/errors.ts";

export const UuidInputPlugin: GraphileConfig.Plugin = {
  name: "UuidInputPlugin",
  description: "A value that is not a UUID is refused with INVALID_INPUT",
  version: "1.0.0",
  schema: {
    hooks: {
      GraphQLScalarType(config, build) {
        if (config.name !== build.inflection.builtin("UUID")) return config;
        const { GraphQLError } = build.graphql;
        const withCode =
          <A extends unknown[], R>(parse: (...args: A) => R) =>
          (...args: A): R => {
            try {
              return parse(...args);
            } catch (error) {
              throw new GraphQLError((error as Error).message, { extensions: { code: REQUEST_CODES.INVALID_INPUT } });
            }
          };
        const { parseValue, parseLiteral } = config;
        return {
          ...config,
          ...(parseValue ? { parseValue: withCode(parseValue) } : {}),
          ...(parseLiteral ? { parseLiteral: withCode(parseLiteral) } : {}),
        };
      },
    },
  },
};
