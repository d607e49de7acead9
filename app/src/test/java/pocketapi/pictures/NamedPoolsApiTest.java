package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/** The routes of named pools, orientation, sizes in the JSON, no repeats and IMAGE_REFERERS, over HTTP. */
class NamedPoolsApiTest {
    private static final String PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";

    @TempDir
    Path dir;

    private final Map<String, String> settings = new HashMap<>();

    @BeforeEach
    void files() throws Exception {
        Files.writeString(dir.resolve("portrait.txt"), "p/1.jpg\n");
        Files.writeString(dir.resolve("landscape.txt"), "l/1.jpg\n");
        Path pools = Files.createDirectories(dir.resolve("pools"));
        Files.writeString(
                pools.resolve("wall.txt"), "w/wide.jpg 1920x1080\nw/tall.jpg 1080x1920\nw/square.jpg 800x800\n");
        Files.writeString(pools.resolve("cats.portrait.txt"), "cat/up.jpg\n");
        settings.putAll(Map.of(
                "IMAGE_HOST",
                "https://pan.example.com",
                "IMAGE_POOL_PORTRAIT",
                dir.resolve("portrait.txt").toString(),
                "IMAGE_POOL_LANDSCAPE",
                dir.resolve("landscape.txt").toString(),
                "IMAGE_POOLS_DIR",
                pools.toString()));
    }

    @Test
    void a_name_no_pool_has_is_an_unknown_path_answered_404_and_not_counted() {
        TestServer.run(TestApps.withPools(settings), server -> {
            for (String path : List.of("/img/dogs", "/img/dogs/pe", "/img/dogs/pc", "/img/dogs/url")) {
                assertThat(server.get(path, "CF-Connecting-IP", "a").statusCode())
                        .as(path)
                        .isEqualTo(404);
            }
            assertThat(server.get("/img/wall/url", "CF-Connecting-IP", "a").statusCode())
                    .isEqualTo(200);
            assertThat(server.get("/api/info", "CF-Connecting-IP", "a").body())
                    .as("the pool's call and this one, none of the four 404s")
                    .contains("\"requestUserStats\":{\"totalRequests\":2,");
        });
    }

    @Test
    void a_named_pool_answers_on_every_path_of_the_family_and_an_unknown_one_is_404_listing_them() {
        TestServer.run(TestApps.withPools(settings), server -> {
            assertThat(server.get("/img/wall/pc?type=json&orientation=landscape")
                            .body())
                    .isEqualTo(
                            "{\"url\":\"https://pan.example.com/d/image/w/wide.jpg\",\"width\":1920,\"height\":1080}");
            Set<String> landscape = new HashSet<>();
            Set<String> portrait = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                landscape.add(server.get("/img/wall/pc?type=url").body());
                portrait.add(server.get("/img/wall/pe?type=url").body());
            }
            // A square picture suits either side.
            assertThat(landscape)
                    .isSubsetOf(
                            "https://pan.example.com/d/image/w/wide.jpg",
                            "https://pan.example.com/d/image/w/square.jpg");
            assertThat(portrait)
                    .isSubsetOf(
                            "https://pan.example.com/d/image/w/tall.jpg",
                            "https://pan.example.com/d/image/w/square.jpg");
            assertThat(server.get("/img/wall?orientation=square").headers().firstValue("Location"))
                    .hasValue("https://pan.example.com/d/image/w/square.jpg");
            assertThat(server.get("/img/cats/url", "User-Agent", PHONE).body())
                    .isEqualTo("https://pan.example.com/d/image/cat/up.jpg");
            assertThat(server.get("/img/cats?type=json").body())
                    .as("a desktop, and a pool of portraits only: the whole pool")
                    .isEqualTo("{\"url\":\"https://pan.example.com/d/image/cat/up.jpg\"}");
            HttpResponse<String> none = server.get("/img/cats/pc");
            assertThat(none.statusCode()).isEqualTo(404);
            assertThat(none.body()).contains("the pool cats has no landscape pictures");
            HttpResponse<String> unknown = server.get("/img/dogs");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.headers().firstValue("Access-Control-Allow-Origin"))
                    .hasValue("*");
            assertThat(unknown.body())
                    .isEqualTo("{\"status\":404,\"error\":\"Not Found\",\"message\":\"no picture pool named "
                            + "dogs; the pools here are cats, wall\"}");
            HttpResponse<String> bad = server.get("/img/wall?orientation=round");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body())
                    .contains("orientation=round is not accepted; orientation must be landscape, portrait or square");
            // Today's paths are untouched, and take orientation too (it replaces the device's choice).
            assertThat(server.get("/img/pe?type=url").body()).isEqualTo("https://pan.example.com/d/image/p/1.jpg");
            assertThat(server.get("/img?type=url&orientation=portrait").body())
                    .isEqualTo("https://pan.example.com/d/image/p/1.jpg");
            assertThat(server.get("/img/pc?orientation=portrait").statusCode()).isEqualTo(404);
            assertThat(server.get("/").body())
                    .contains("<a class=\"ex\" href=\"/img/wall\">/img/wall</a> 3 张 "
                            + "<span class=\"en\">3 pictures: 1 landscape, 1 portrait, 1 square</span>");
        });
    }

    @Test
    void with_no_repeat_a_user_does_not_get_its_last_pictures_again() throws Exception {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            many.append("n/").append(i).append(".jpg\n");
        }
        Files.writeString(dir.resolve("pools").resolve("five.txt"), many);
        settings.put("IMAGE_NO_REPEAT", "4");
        TestServer.run(TestApps.withPools(settings), server -> {
            String previous = null;
            Set<String> window = new HashSet<>();
            for (int round = 0; round < 10; round++) {
                window.clear();
                for (int i = 0; i < 5; i++) {
                    window.add(server.get("/img/five/url", "X-Forwarded-For", "alice")
                            .body());
                }
                assertThat(window)
                        .as("5 picks in a row with K=4 over 5 pictures: all different")
                        .hasSize(5);
            }
        });
    }

    @Test
    void with_referers_set_another_site_gets_403_and_no_referer_or_a_listed_one_is_served() {
        settings.put("IMAGE_REFERERS", "example.com,*.example.org");
        TestServer.run(TestApps.withPools(settings), server -> {
            HttpResponse<String> other = server.get("/img/wall", "Referer", "https://hotlinker.example.net/page");
            assertThat(other.statusCode()).isEqualTo(403);
            assertThat(other.body()).contains("pictures here are only for the pages of example.com, *.example.org");
            assertThat(server.get("/img/pe", "Referer", "https://evil.example.com.attacker.net/")
                            .statusCode())
                    .isEqualTo(403);
            assertThat(server.get("/img/wall").statusCode()).isEqualTo(302);
            assertThat(server.get("/img/wall", "Referer", "https://example.com/blog")
                            .statusCode())
                    .isEqualTo(302);
            assertThat(server.get("/img/wall", "Referer", "https://www.example.org/")
                            .statusCode())
                    .isEqualTo(302);
            assertThat(server.get("/img/url", "Referer", server.origin() + "/").statusCode())
                    .as("the service's own page")
                    .isEqualTo(200);
        });
    }

    @Test
    void a_pool_whose_first_line_is_40000_characters_answers_from_its_other_entries_never_500() throws Exception {
        try (LogCapture log = new LogCapture()) {
            Path pools = Path.of(settings.get("IMAGE_POOLS_DIR"));
            Files.writeString(pools.resolve("big.txt"), "x".repeat(40_000) + "\nok.jpg\n");
            TestServer.run(TestApps.withPools(settings), server -> {
                // Each request picks at random: a 40,000-character entry was a 500 half the time (its Location header
                // past what Jetty lets a response's headers take).
                for (int i = 0; i < 20; i++) {
                    HttpResponse<String> answer = server.get("/img/big");
                    assertThat(answer.statusCode()).isEqualTo(302);
                    assertThat(answer.headers().firstValue("Location"))
                            .hasValue("https://pan.example.com/d/image/ok.jpg");
                }
            });
            assertThat(log.linesWith(pools.resolve("big.txt") + ", line 1: an entry longer than 2048"))
                    .hasSize(1);
        }
    }
}
