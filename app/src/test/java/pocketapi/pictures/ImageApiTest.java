package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import io.javalin.Javalin;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.Settings;
import pocketapi.TestApps;
import pocketapi.config.Config;
import pocketapi.web.TestServer;

class ImageApiTest {
    private static final String HOST = "https://img.example.com";
    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    private static final String DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
            + "(KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    // The awkward entries of the pool files below, as their links must read.
    private static final List<String> PORTRAIT_LINKS =
            List.of(HOST + "/d/image/%E7%AB%96/%E5%B1%B1%20%E6%B0%B4.jpg", HOST + "/d/image/p/a%23b%3Fc.jpg");
    private static final List<String> LANDSCAPE_LINKS =
            List.of(HOST + "/d/image/l/100%25.png", HOST + "/d/image/l/plain.webp");

    @TempDir
    Path dir;

    private Javalin app;

    @BeforeEach
    void hostedPools() throws Exception {
        Path portrait = Files.writeString(
                dir.resolve("portrait.txt"), "# phones\n竖/山 水.jpg\np/a#b?c.jpg\n", StandardCharsets.UTF_8);
        Path landscape = Files.writeString(
                dir.resolve("landscape.txt"), "l/100%.png\n\n/l/plain.webp\n", StandardCharsets.UTF_8);
        // A trailing slash on IMAGE_HOST is dropped.
        Config config = Settings.parse(
                Map.of(
                        "IMAGE_HOST",
                        HOST + "/",
                        "IMAGE_POOL_PORTRAIT",
                        portrait.toString(),
                        "IMAGE_POOL_LANDSCAPE",
                        landscape.toString()),
                List.of());
        app = TestApps.app(
                config,
                ImagePools.load(
                        config.get(PictureSettings.IMAGE_POOL_PORTRAIT),
                        config.get(PictureSettings.IMAGE_POOL_LANDSCAPE)));
    }

    @ParameterizedTest(name = "{0} as {1}: {2} {3}")
    @CsvSource({
        "/img,                    desktop, landscape, redirect",
        "/img,                    iphone,  portrait,  redirect",
        "/img?type=url,           desktop, landscape, text",
        "/img?type=url,           iphone,  portrait,  text",
        "/img?type=json,          desktop, landscape, json",
        "/img?type=json,          iphone,  portrait,  json",
        "/img?type=other,         iphone,  portrait,  redirect",
        "/img/,                   iphone,  portrait,  redirect",
        "/img/pe,                 desktop, portrait,  redirect",
        "/img/pe?type=url,        desktop, portrait,  text",
        "/img/pe?type=json,       desktop, portrait,  json",
        "/img/pe/,                desktop, portrait,  redirect",
        "/img/pc,                 iphone,  landscape, redirect",
        "/img/pc?type=url,        iphone,  landscape, text",
        "/img/pc?type=json,       iphone,  landscape, json",
        "/img/url,                desktop, landscape, text",
        "/img/url,                iphone,  portrait,  text",
        "/img/url?type=json,      iphone,  portrait,  json",
        "/img/url?type=url,       desktop, landscape, text",
        "/img/url?type=,          desktop, landscape, text",
    })
    void every_path_and_form_answers_a_link_from_the_right_pool(String path, String device, String pool, String form) {
        TestServer.run(app, server -> {
            HttpResponse<String> response = server.get(path, "User-Agent", device.equals("iphone") ? IPHONE : DESKTOP);
            assertThat(response.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            String link;
            switch (form) {
                case "redirect" -> {
                    assertThat(response.statusCode()).isEqualTo(302);
                    assertThat(response.body()).isEmpty();
                    assertThat(contentType(response)).isNull();
                    link = response.headers().firstValue("Location").orElseThrow();
                }
                case "text" -> {
                    assertThat(response.statusCode()).isEqualTo(200);
                    assertThat(contentType(response)).isEqualTo("text/plain; charset=utf-8");
                    assertThat(response.headers().firstValue("Location")).isEmpty();
                    link = response.body();
                }
                default -> {
                    assertThat(response.statusCode()).isEqualTo(200);
                    assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
                    assertThat(response.body()).startsWith("{\"url\":\"").endsWith("\"}");
                    link = response.body().substring(8, response.body().length() - 2);
                }
            }
            assertThat(link)
                    .startsWith(HOST + "/d/image/")
                    .isIn(pool.equals("portrait") ? PORTRAIT_LINKS : LANDSCAPE_LINKS);
        });
    }

    @Test
    void the_client_hint_alone_selects_the_portrait_pool() {
        TestServer.run(app, server -> {
            assertThat(server.get("/img/url", "User-Agent", DESKTOP, "Sec-CH-UA-Mobile", "?1")
                            .body())
                    .isIn(PORTRAIT_LINKS);
            assertThat(server.get("/img/url", "User-Agent", DESKTOP, "Sec-CH-UA-Mobile", "?0")
                            .body())
                    .isIn(LANDSCAPE_LINKS);
        });
    }

    @Test
    void repeated_requests_reach_every_entry_of_the_pool() {
        TestServer.run(app, server -> {
            Set<String> seen = new HashSet<>();
            // Two entries: the chance that 200 uniform picks miss one is 2^-199.
            for (int i = 0; i < 200 && seen.size() < 2; i++) {
                seen.add(server.get("/img/pe?type=url").body());
            }
            assertThat(seen).containsExactlyInAnyOrderElementsOf(PORTRAIT_LINKS);
        });
    }

    @Test
    void head_on_img_returns_302_with_location_and_no_body() {
        TestServer.run(app, server -> {
            HttpResponse<String> head = server.head("/img");
            assertThat(head.statusCode()).isEqualTo(302);
            assertThat(head.headers().firstValue("Location"))
                    .hasValueSatisfying(l -> assertThat(l).isIn(LANDSCAPE_LINKS));
            assertThat(head.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(head.body()).isEmpty();
        });
    }

    @ParameterizedTest(name = "HEAD {0}")
    @CsvSource({"/img?type=json, application/json; charset=utf-8", "/img/url, text/plain; charset=utf-8"})
    void head_on_the_text_and_json_forms_has_their_headers_and_no_body(String path, String type) {
        TestServer.run(app, server -> {
            HttpResponse<String> head = server.head(path);
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(contentType(head)).isEqualTo(type);
            assertThat(head.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(head.body()).isEmpty();
        });
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /img",
        "PUT, /img/pe",
        "DELETE, /img/pc",
        "PATCH, /img/url",
        "OPTIONS, /img",
        "OPTIONS, /img/url/",
    })
    void any_other_method_on_the_family_is_405_with_allow(String method, String path) {
        TestServer.run(app, server -> {
            HttpResponse<String> response = server.send(method, path);
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).contains("GET, HEAD");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            assertThat(response.headers().firstValue("Location")).isEmpty();
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/img/anything-else", "/img/pe/x", "/imgs", "/d/image/samples/portrait-1.png"})
    void other_paths_are_404_json_and_samples_are_not_served_with_an_image_host(String path) {
        TestServer.run(app, server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.body()).startsWith("{\"status\":404,");
        });
    }

    @Test
    void without_image_pools_dir_a_path_under_img_is_an_unknown_path_404_and_not_counted() {
        TestServer.run(app, server -> {
            for (String path : List.of("/img/anything", "/img/anything/pe", "/img/x/url?type=json")) {
                HttpResponse<String> response = server.get(path);
                assertThat(response.statusCode()).as(path).isEqualTo(404);
                assertThat(response.body())
                        .isEqualTo("{\"status\":404,\"error\":\"Not Found\",\"message\":\"No endpoint at "
                                + path.replaceFirst("\\?.*", "") + "; see / for the endpoints.\"}");
                assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                        .hasValue("*");
            }
            assertThat(server.get("/img/pe").statusCode()).isEqualTo(302);
            assertThat(server.get("/api/info").body())
                    .as("/img/pe and /api/info itself, not the 404s")
                    .contains("\"site\":{\"totalRequests\":2,");
        });
    }
}
