package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import io.javalin.router.InternalRouter;
import io.javalin.router.ParsedEndpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.TestApps;

/** The table of fixed paths finds, for every request path, the endpoint Javalin's own search finds. */
class FixedPathsTest {

    @TempDir
    Path dir;

    @Test
    void every_path_finds_what_javalins_search_finds_on_the_services_routes() throws IOException {
        List<String> found = new ArrayList<>();
        // The samples' template (/d/image/<entry>) and IMAGE_POOLS_DIR's (/img/{name}/…), each in its own service.
        for (Javalin app : List.of(TestApps.app(), TestApps.withNamedPool(dir))) {
            found.addAll(search(app));
        }
        assertThat(found)
                .as("the fixed paths, with and without a trailing slash, and the templates' paths")
                .contains(
                        "GET /api/badge.svg",
                        "HEAD /api/badge.svg/",
                        "GET /img/pe",
                        "GET /img/samples",
                        "GET /img/samples/pc",
                        "GET /d/image/samples",
                        "GET /",
                        "GET /api/holidays/");
    }

    /** The paths of the service's routes, and paths near them, that Javalin's search finds, each found the same. */
    private static List<String> search(Javalin app) {
        InternalRouter router = app.unsafe.internalRouter;
        assertThat(router).isInstanceOf(FixedPaths.class);
        // Javalin's own router with the same routes, in the same order.
        InternalRouter plain =
                new InternalRouter(app.unsafe.wsRouter, app.unsafe.eventManager, app.unsafe.router, app.unsafe.jetty);
        List<ParsedEndpoint> routes = router.allHttpHandlers();
        routes.forEach(route -> plain.addHttpEndpoint(route.endpoint));
        assertThat(routes).hasSizeGreaterThan(40);
        assertThat(routes.stream().filter(r -> !FixedPaths.fixed(r.endpoint.path)))
                .as("templates too, searched by Javalin")
                .isNotEmpty();

        Set<String> paths = new LinkedHashSet<>(List.of("/", "", "//", "/nope", "/api", "/api/", "/img/x/y/z"));
        for (ParsedEndpoint route : routes) {
            String path = route.endpoint.path.replaceAll("\\{[^}]*}|<[^>]*>", "pe");
            String other = route.endpoint.path.replaceAll("\\{[^}]*}|<[^>]*>", "samples");
            for (String p : List.of(path, other)) {
                paths.addAll(List.of(p, p + "/", p + "//", p.toUpperCase(), "/" + p, p + "/x", p + "x", p + "?"));
            }
        }
        List<String> found = new ArrayList<>();
        for (HandlerType type : List.of(HandlerType.GET, HandlerType.HEAD, HandlerType.POST, HandlerType.OPTIONS)) {
            for (String path : paths) {
                ParsedEndpoint expected = plain.findFirstHttpHandlerEntry(type, path);
                ParsedEndpoint actual = router.findFirstHttpHandlerEntry(type, path);
                assertThat(actual == null ? null : actual.endpoint)
                        .as("%s %s", type, path)
                        .isSameAs(expected == null ? null : expected.endpoint);
                if (expected != null) {
                    found.add(type + " " + path);
                }
            }
        }
        return found;
    }

    @Test
    void it_goes_in_before_any_route_or_not_at_all() {
        Javalin.create(config -> {
            config.routes.get("/", ctx -> {});
            assertThatThrownBy(() -> FixedPaths.install(config)).isInstanceOf(IllegalStateException.class);
        });
    }
}
