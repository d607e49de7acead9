package pocketapi.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The API's reference for people, {@code /docs}: Swagger UI over {@code /openapi.json}, its script and style shipped in
 * the jar ({@code org.webjars:swagger-ui}) and streamed from it, so the page works with no network and loads nothing
 * from elsewhere. Not counted. Stateless.
 */
final class ReferencePage {
    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    /** Each file the page loads, and its type. */
    private static final Map<String, String> ASSETS = Map.of(
            "swagger-ui-bundle.js", "text/javascript; charset=utf-8",
            "swagger-ui.css", "text/css; charset=utf-8",
            "docs.js", "text/javascript; charset=utf-8");

    private ReferencePage() {}

    /** Registers {@code /docs} and the files it loads. */
    static void routes(Routes routes) {
        String page = Html.resource("web/docs.html");
        String version = version();
        routes.plain(
                "/docs",
                Doc.of(
                                "This reference, for people",
                                "Every route, its parameters and answers with examples, rendered from /openapi.json "
                                        + "by Swagger UI (shipped in the jar: the page loads nothing from elsewhere).")
                        .body("text/html", "The page (HTML).", false),
                ctx -> ctx.contentType("text/html; charset=utf-8").result(page));
        routes.plain(
                "/docs/{asset}",
                Doc.of("The reference page's files", "The script and style /docs loads, from the jar.")
                        .path("asset", "One of the page's files.", Map.of("enum", List.copyOf(ASSETS.keySet())))
                        .body("text/javascript", "A script.", false, "Cache-Control")
                        .body("text/css", "The style.", false, "Cache-Control")
                        .error(404, "No such file."),
                ctx -> {
                    String asset = ctx.pathParam("asset");
                    String type = ASSETS.get(asset);
                    InputStream in = type == null
                            ? null
                            : ReferencePage.class
                                    .getClassLoader()
                                    .getResourceAsStream(
                                            asset.equals("docs.js") ? "web/docs.js" : WEBJAR + version + "/" + asset);
                    if (in == null) {
                        throw new io.javalin.http.NotFoundResponse("No file " + Query.cut(asset)
                                + " of /docs; it loads " + String.join(", ", ASSETS.keySet()));
                    }
                    // The bundle is 1.7 MB: streamed from the jar to each client, never held on the heap.
                    ctx.header("Cache-Control", "public, max-age=86400")
                            .contentType(type)
                            .result(in);
                });
    }

    /** The version of the Swagger UI the jar ships: the folder its files are in. */
    private static String version() {
        try (InputStream in = ReferencePage.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("Swagger UI (org.webjars:swagger-ui) is missing from the jar");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
