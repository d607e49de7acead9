package pocketapi.web;

import java.util.List;

/** Reads a query string as {@link Routes} does, for the tests of a capability's parameters. */
public final class Queries {
    private Queries() {}

    public static Query read(String path, String raw, List<Query.Param<?>> params, String user) {
        return Query.read(path, raw, params, user);
    }
}
