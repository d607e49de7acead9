package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.TestApps;
import pocketapi.files.Json;

/**
 * /openapi.json: a valid OpenAPI 3.1 document (swagger-parser) naming every route the app has, named pools' included,
 * and every query parameter each route reads: a name written in other letters (Y for y) is refused by that route as a
 * misspelling, which only a parameter the route declares is.
 */
class OpenApiTest {
    @TempDir
    Path pools;

    @Test
    void the_document_is_valid_openapi_3_1_and_names_every_route_and_every_parameter_the_routes_read()
            throws Exception {
        Javalin app = TestApps.withNamedPool(pools);
        TestServer.run(app, server -> {
            var answer = server.get("/openapi.json");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(TestServer.contentType(answer)).isEqualTo("application/json; charset=utf-8");

            SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(answer.body());
            assertThat(parsed.getMessages()).as("swagger-parser's messages").isEmpty();
            assertThat(parsed.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");

            Set<String> routes = new TreeSet<>();
            app.unsafe.internalRouter.allHttpHandlers().stream()
                    .filter(e -> e.endpoint.method == HandlerType.GET)
                    .forEach(e -> routes.add(e.endpoint.path.replaceAll("<(\\w+)>", "{$1}")));
            assertThat(routes).contains("/healthz", "/img/pe", "/img/{name}/pe", "/api/holidays", "/openapi.json");
            assertThat(new TreeSet<>(parsed.getOpenAPI().getPaths().keySet())).isEqualTo(routes);

            JsonNode paths = Json.mapper().readTree(answer.body()).get("paths");
            List<String> checked = new ArrayList<>();
            for (var path : (Iterable<Map.Entry<String, JsonNode>>) paths::fields) {
                String concrete = path.getKey().replace("{name}", "wall").replace("{entry}", "x.jpg");
                for (JsonNode p : path.getValue().get("get").get("parameters")) {
                    if (!p.get("in").asText().equals("query")) {
                        continue;
                    }
                    String name = p.get("name").asText();
                    String other = name.toUpperCase(java.util.Locale.ROOT);
                    var refused = server.get(concrete + "?" + URLEncoder.encode(other, StandardCharsets.UTF_8) + "=1");
                    assertThat(refused.statusCode())
                            .as(concrete + "?" + other + "=1")
                            .isEqualTo(400);
                    assertThat(refused.body()).as(concrete + "?" + other).contains(name);
                    checked.add(concrete + " " + name);
                }
            }
            assertThat(checked)
                    .contains("/api/holidays y", "/api/holidays region", "/img/wall/pe type", "/api/badge.svg label");
            assertThat(server.get("/api/info").body())
                    .as("/openapi.json is not counted")
                    .contains("\"totalRequests\":");
        });
    }

    @Test
    void every_parameter_is_described_and_those_the_service_cannot_answer_without_are_required() throws Exception {
        TestServer.run(TestApps.app(), server -> {
            JsonNode paths =
                    Json.mapper().readTree(server.get("/openapi.json").body()).get("paths");
            List<String> required = new ArrayList<>();
            for (var path : (Iterable<Map.Entry<String, JsonNode>>) paths::fields) {
                JsonNode get = path.getValue().get("get");
                assertThat(get.get("summary").asText()).as(path.getKey()).isNotBlank();
                assertThat(get.get("description").asText()).as(path.getKey()).isNotBlank();
                for (JsonNode p : get.get("parameters")) {
                    assertThat(p.path("description").asText())
                            .as(path.getKey() + " " + p.get("name"))
                            .isNotBlank();
                    if (p.get("required").asBoolean() && p.get("in").asText().equals("query")) {
                        String name = p.get("name").asText();
                        required.add(path.getKey() + " " + name);
                        // Every other required parameter given: this one alone is missing.
                        StringBuilder others = new StringBuilder();
                        for (JsonNode o : get.get("parameters")) {
                            if (o.get("required").asBoolean()
                                    && !o.get("name").asText().equals(name)) {
                                others.append(o.get("name").asText())
                                        .append(o.get("name").asText().equals("n") ? "=1&" : "=2026-10-01&");
                            }
                        }
                        var refused = server.get(path.getKey() + "?" + others);
                        assertThat(refused.statusCode())
                                .as(path.getKey() + " without " + name)
                                .isEqualTo(400);
                        assertThat(refused.body()).contains(name + " is missing; ");
                    }
                }
            }
            assertThat(required)
                    .containsExactlyInAnyOrder(
                            "/api/holidays/range from",
                            "/api/holidays/range to",
                            "/api/workdays/count from",
                            "/api/workdays/count to",
                            "/api/workdays/add n");
        });
    }

    @Test
    void the_region_parameter_takes_the_mainland_and_each_region_of_the_regions_list() throws Exception {
        List<String> codes = new ArrayList<>(List.of("cn"));
        TestApps.regions(java.time.Clock.systemUTC()).regions().forEach(r -> codes.add(r.code()));
        assertThat(codes).contains("hk", "mo", "tw");
        TestServer.run(TestApps.app(), server -> {
            JsonNode doc = Json.mapper().readTree(server.get("/openapi.json").body());
            for (JsonNode p : doc.at("/paths/~1api~1holidays/get/parameters")) {
                if (p.get("name").asText().equals("region")) {
                    assertThat(p.at("/schema/enum"))
                            .extracting(JsonNode::asText)
                            .containsExactlyElementsOf(codes);
                }
            }
        });
    }

    @Test
    void every_answers_schema_has_an_example_and_closes_its_objects() throws Exception {
        TestServer.run(TestApps.app(), server -> {
            JsonNode doc = Json.mapper().readTree(server.get("/openapi.json").body());
            Set<String> answered = new TreeSet<>();
            Set<String> exemplified = new TreeSet<>();
            for (JsonNode path : doc.get("paths")) {
                for (JsonNode response : path.at("/get/responses")) {
                    for (JsonNode media : response.path("content")) {
                        for (JsonNode s : media.at("/schema/oneOf").isArray()
                                ? media.at("/schema/oneOf")
                                : List.of(media.get("schema"))) {
                            if (s.has("$ref")) {
                                answered.add(s.get("$ref").asText());
                                if (media.has("examples")) {
                                    exemplified.add(s.get("$ref").asText());
                                }
                            }
                        }
                    }
                }
            }
            assertThat(answered).contains("#/components/schemas/DayRecord", "#/components/schemas/Error");
            assertThat(exemplified).as("the answers' schemas with an example").isEqualTo(answered);
            for (var schema : (Iterable<Map.Entry<String, JsonNode>>) doc.at("/components/schemas")::fields) {
                if (schema.getValue().has("properties")) {
                    assertThat(schema.getValue().get("additionalProperties").asBoolean())
                            .as(schema.getKey() + ": a field its record lacks is refused by the answer check")
                            .isFalse();
                }
            }
        });
    }

    @Test
    void each_parameters_schema_is_its_declaration() {
        assertThat(Query.Param.date("from").schema()).isEqualTo(Map.of("type", "string", "format", "date"));
        assertThat(Query.Param.integer("n", -3, 3, null).schema())
                .isEqualTo(Map.of("type", "integer", "minimum", -3, "maximum", 3));
        assertThat(Query.Param.digits("y").schema()).isEqualTo(Map.of("type", "string", "pattern", "^[0-9]{1,9}$"));
        assertThat(Query.Param.text("type").choices("a", "b").schema())
                .isEqualTo(Map.of("type", "string", "enum", List.of("a", "b")));
    }
}
