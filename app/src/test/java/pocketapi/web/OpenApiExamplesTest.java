package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.Javalin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.MutableClock;
import pocketapi.TestApps;
import pocketapi.files.Json;

/**
 * Every example of /openapi.json is a real answer: its request (the example's summary, {@code GET /path?query}) sent to
 * a fresh service, on 2026-05-06 in UTC+8, answers exactly the example, with the example's status and media type. The
 * picture routes' examples are the README's pools' (pictures.md: IMAGE_HOST https://pan.example.com, a landscape pool
 * of one picture).
 */
class OpenApiExamplesTest {
    private static final String NOW = "2026-05-06T02:00:00Z";

    @TempDir
    Path dir;

    /** One example: where it is in the document, its request, status, media type and value. */
    record Example(String where, String request, int status, String type, JsonNode value) {}

    @Test
    void every_example_is_the_answer_its_request_gets() throws Exception {
        String[] document = new String[1];
        TestServer.run(
                fresh(), server -> document[0] = server.get("/openapi.json").body());
        List<Example> examples = examples(Json.mapper().readTree(document[0]));
        assertThat(examples)
                .extracting(Example::request)
                .contains(
                        "GET /api/holidays?date=2026-10-01",
                        "GET /api/holidays?date=2026-10-01&type=pithy",
                        "GET /api/workdays/add?date=2026-09-28&n=5",
                        "GET /api/info",
                        "GET /img/pc?type=json",
                        "GET /api/holidays?Y=1");
        for (Example e : examples) {
            String path = e.request().substring("GET ".length());
            TestServer.run(path.startsWith("/img") ? imageHost() : fresh(), server -> {
                var answer = server.get(path);
                assertThat(answer.statusCode()).as(e.where()).isEqualTo(e.status());
                assertThat(TestServer.contentType(answer)).as(e.where()).startsWith(e.type());
                if (e.type().equals("application/json")) {
                    assertThat(Json.mapper().readTree(answer.body()))
                            .as(e.where())
                            .isEqualTo(e.value());
                } else {
                    assertThat(answer.body()).as(e.where()).isEqualTo(e.value().asText());
                }
            });
        }
    }

    private static Javalin fresh() {
        return TestApps.app(new MutableClock(NOW));
    }

    private Javalin imageHost() throws Exception {
        Path pools = Files.createTempDirectory(dir, "pools");
        Files.writeString(pools.resolve("portrait.txt"), "phone/lake.jpg\n");
        Files.writeString(pools.resolve("landscape.txt"), "desk/sea.jpg\n");
        return TestApps.withPools(Map.of(
                "IMAGE_HOST",
                "https://pan.example.com",
                "IMAGE_POOL_PORTRAIT",
                pools.resolve("portrait.txt").toString(),
                "IMAGE_POOL_LANDSCAPE",
                pools.resolve("landscape.txt").toString()));
    }

    /** Every media type's examples in the document's answers. */
    static List<Example> examples(JsonNode document) {
        List<Example> all = new ArrayList<>();
        document.get("paths")
                .properties()
                .forEach(path -> path.getValue()
                        .path("get")
                        .path("responses")
                        .properties()
                        .forEach(response -> response.getValue()
                                .path("content")
                                .properties()
                                .forEach(media -> media.getValue()
                                        .path("examples")
                                        .properties()
                                        .forEach(example -> all.add(new Example(
                                                path.getKey() + " " + response.getKey() + " " + media.getKey() + " "
                                                        + example.getKey(),
                                                example.getValue()
                                                        .get("summary")
                                                        .asText(),
                                                Integer.parseInt(response.getKey()),
                                                media.getKey(),
                                                example.getValue().get("value")))))));
        return all;
    }
}
