package pocketapi.web;

import io.javalin.config.JavalinConfig;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import io.javalin.router.InternalRouter;
import io.javalin.router.ParsedEndpoint;
import java.util.HashMap;
import java.util.Map;

/**
 * Javalin's router, with the endpoint of a fixed path (all but a few of ours) found in a hash table. Javalin tries each
 * route's pattern in turn, in the order registered, on every request: an endpoint registered late, as
 * {@code /api/badge.svg} after twenty others, paid some 3 µs of regular expressions for each call, a twentieth of its
 * time.
 *
 * <p>The table holds, for every fixed path of a route and for that path with a trailing slash, what Javalin's own
 * search finds for it, worked out once by that search, at the first request; any other path is searched by Javalin as
 * before. So every request finds the endpoint Javalin would find. Installed through Javalin's {@code unsafe} state
 * before any route is registered ({@link #install}).
 */
final class FixedPaths extends InternalRouter {
    /** Null until the first request (the routes are all registered by then); then fixed. */
    private volatile Map<HandlerType, Map<String, ParsedEndpoint>> table;

    private FixedPaths(JavalinConfig config) {
        super(config.unsafe.wsRouter, config.unsafe.eventManager, config.router, config.jetty);
    }

    /** Puts the table in place of Javalin's router: to be called before any route is registered. */
    static void install(JavalinConfig config) {
        if (!config.unsafe.internalRouter.allHttpHandlers().isEmpty()) {
            throw new IllegalStateException("FixedPaths must be installed before any route");
        }
        config.unsafe.internalRouter = new FixedPaths(config);
    }

    @Override
    public ParsedEndpoint findFirstHttpHandlerEntry(HandlerType type, String requestUri) {
        Map<String, ParsedEndpoint> paths = table().get(type);
        ParsedEndpoint found = paths == null ? null : paths.get(requestUri);
        return found != null ? found : super.findFirstHttpHandlerEntry(type, requestUri);
    }

    private Map<HandlerType, Map<String, ParsedEndpoint>> table() {
        Map<HandlerType, Map<String, ParsedEndpoint>> t = table;
        if (t == null) {
            t = build();
            table = t; // built again by a request racing this one: the same table
        }
        return t;
    }

    /** For each fixed path, with and without its trailing slash, what Javalin's search finds. */
    private Map<HandlerType, Map<String, ParsedEndpoint>> build() {
        Map<HandlerType, Map<String, ParsedEndpoint>> all = new HashMap<>();
        for (ParsedEndpoint route : allHttpHandlers()) {
            String path = route.endpoint.path;
            if (!fixed(path)) {
                continue;
            }
            HandlerType type = route.endpoint.method;
            Map<String, ParsedEndpoint> paths = all.computeIfAbsent(type, k -> new HashMap<>());
            for (String asked : path.equals("/") ? new String[] {path} : new String[] {path, path + "/"}) {
                ParsedEndpoint found = super.findFirstHttpHandlerEntry(type, asked);
                if (found != null) {
                    paths.putIfAbsent(asked, found);
                }
            }
        }
        Map<HandlerType, Map<String, ParsedEndpoint>> fixed = new HashMap<>();
        all.forEach((type, paths) -> fixed.put(type, Map.copyOf(paths)));
        return Map.copyOf(fixed);
    }

    /** Whether a route's path has no parameter and no wildcard in it. */
    static boolean fixed(String path) {
        return path.indexOf('{') < 0 && path.indexOf('<') < 0 && path.indexOf('*') < 0;
    }

    @Override
    public InternalRouter addHttpEndpoint(Endpoint endpoint) {
        table = null; // a route added: the table is made again at the next request
        return super.addHttpEndpoint(endpoint);
    }
}
