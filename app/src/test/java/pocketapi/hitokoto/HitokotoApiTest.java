package pocketapi.hitokoto;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.TestApps;
import pocketapi.counters.LocalCounters;
import pocketapi.web.TestServer;

/** The original's other endpoints: /api/ping and /api/hitokoto. */
class HitokotoApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static String error(int status, String reason, String message) {
        return "{\"status\":" + status + ",\"error\":\"" + reason + "\",\"message\":\"" + message + "\"}";
    }

    @Test
    void ping_answers_pong_as_text_and_is_counted_like_every_endpoint() {
        Clock clock = TestApps.at("2026-05-06T02:00:00Z");
        LocalCounters counters = TestApps.counters(clock, 1000);
        TestServer.run(TestApps.app(clock, counters), server -> {
            HttpResponse<String> pong = server.get("/api/ping");
            assertThat(pong.statusCode()).isEqualTo(200);
            assertThat(contentType(pong)).isEqualTo("text/plain; charset=utf-8");
            assertThat(pong.body()).isEqualTo("pong");
            assertThat(server.head("/api/ping").statusCode()).isEqualTo(200);
            assertThat(server.send("POST", "/api/ping").statusCode()).isEqualTo(405);
            server.get("/api/hitokoto");
            assertThat(counters.history(1).get(0).other()).isEqualTo(3);
        });
    }

    @Test
    void a_sentence_comes_with_the_bundles_fields_in_order_or_bare_with_encode_text() throws Exception {
        Files.writeString(dir.resolve("a.json"), "[" + SentenceFolderTest.sentence(7, "一句动画台词", "a") + "]");
        TestServer.run(TestApps.app(SentenceFolder.load(Optional.of(dir), Long.MAX_VALUE)), server -> {
            HttpResponse<String> json = server.get("/api/hitokoto?c=a");
            assertThat(json.statusCode()).isEqualTo(200);
            assertThat(contentType(json)).isEqualTo("application/json; charset=utf-8");
            assertThat(json.headers().firstValue("Access-Control-Allow-Origin")).contains("*");
            assertThat(json.body())
                    .isEqualTo("{\"id\":7,\"uuid\":\"00000000-0000-4000-8000-000000000007\",\"hitokoto\":"
                            + "\"一句动画台词\",\"type\":\"a\",\"from\":\"来源\",\"from_who\":null,"
                            + "\"creator\":\"someone\",\"creator_uid\":1,"
                            + "\"reviewer\":2,\"commit_from\":\"web\",\"created_at\":\"1468605909\",\"length\":6}");
            for (String text :
                    new String[] {"?c=a&encode=text", "?c=a&type=text", "?c=z&encode=text", "?c=&c=zz&encode=text"}) {
                HttpResponse<String> bare = server.get("/api/hitokoto" + text);
                assertThat(contentType(bare)).isEqualTo("text/plain; charset=utf-8");
                assertThat(bare.body())
                        .as(text + ": only invalid categories fall back to a")
                        .isEqualTo("一句动画台词");
            }
            assertThat(server.get("/api/hitokoto?c=a&min_length=6&max_length=6&encode=text")
                            .body())
                    .isEqualTo("一句动画台词");
            assertThat(server.get("/api/hitokoto?c=a&min_length=7").statusCode())
                    .isEqualTo(404);
        });
    }

    @Test
    void categories_repeat_invalid_ones_fall_back_and_every_refusal_says_why() throws Exception {
        TestServer.run(TestApps.app(SentenceFolder.builtIn()), server -> {
            for (int i = 0; i < 50; i++) {
                JsonNode s = MAPPER.readTree(server.get("/api/hitokoto?c=i&c=k&c=q&min_length=8&max_length=12")
                        .body());
                assertThat(s.get("type").asText()).isIn("i", "k");
                assertThat(s.get("length").asInt()).isBetween(8, 12);
                // No a here: an invalid category falls back to every one there is.
                assertThat(MAPPER.readTree(server.get("/api/hitokoto?c=q").body())
                                .get("type")
                                .asText())
                        .isIn("i", "k");
            }
            String[][] refused = {
                {
                    "?min_length=5&max_length=3",
                    "400",
                    error(400, "Bad Request", "max_length=3 is less than min_length=5")
                },
                {
                    "?min_length=-1",
                    "400",
                    error(400, "Bad Request", "min_length=-1 is not accepted; min_length must be 1 to 9 digits 0-9")
                },
                {
                    "?max_length=1.5",
                    "400",
                    error(400, "Bad Request", "max_length=1.5 is not accepted; max_length must be 1 to 9 digits 0-9")
                },
                {
                    "?encode=js",
                    "400",
                    error(400, "Bad Request", "encode=js is not accepted; encode must be json or text")
                },
                {
                    "?min_lenght=3",
                    "400",
                    error(
                            400,
                            "Bad Request",
                            "min_lenght is not a parameter of /api/hitokoto: did you mean "
                                    + "min_length? It takes c, encode, type, min_length, max_length (other "
                                    + "names, such as _=…, are ignored)")
                },
                {"?c=a", "404", error(404, "Not Found", "No sentence of category a; categories with sentences here: ik")
                },
                {
                    "?c=i&c=k&min_length=200",
                    "404",
                    error(
                            404,
                            "Not Found",
                            "No sentence of categories ik, at least 200 characters; categories with sentences here: ik")
                },
            };
            for (String[] r : refused) {
                HttpResponse<String> answer = server.get("/api/hitokoto" + r[0]);
                assertThat(answer.statusCode()).as(r[0]).isEqualTo(Integer.parseInt(r[1]));
                assertThat(answer.body()).as(r[0]).isEqualTo(r[2]);
            }
            assertThat(server.send("DELETE", "/api/hitokoto").statusCode()).isEqualTo(405);
        });
    }
}
