package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.Settings;

/**
 * The check every HTTP test's answers go through ({@link TestServer}, {@link DocumentedAnswers}) fails a test whose
 * answers /openapi.json does not describe: a status not declared, a field the answer's record lacks, a text not among
 * its values, a header the answer declares missing; and passes one whose answers it does.
 */
class DocumentedAnswersTest {
    /** The answer of a module of one route, as the route declares it or not. */
    record Pair(int a, int b) {}

    private static io.javalin.Javalin app(Doc doc, io.javalin.http.Handler handler) {
        Module one = new Module() {
            @Override
            public String name() {
                return "one";
            }

            @Override
            public String about() {
                return "One route.";
            }

            @Override
            public void routes(Routes routes) {
                routes.plain("/one", doc, handler);
            }
        };
        return HttpApi.create(Settings.defaults(), CallCounter.NONE, List.of(), List.of(one));
    }

    private static final Doc PAIR = Doc.of("A pair", "Two numbers.").json(Pair.class, "The pair.");

    @Test
    void answers_the_document_describes_pass() {
        TestServer.run(app(PAIR, ctx -> Responses.json(ctx, new Pair(1, 2))), server -> {
            assertThat(server.get("/one").statusCode()).isEqualTo(200);
            assertThat(server.head("/one").statusCode()).isEqualTo(200);
            assertThat(server.send("POST", "/one").statusCode()).isEqualTo(405);
            assertThat(server.get("/nothing").statusCode()).isEqualTo(404);
        });
    }

    @Test
    void a_status_the_route_does_not_declare_fails_the_test() {
        assertThatThrownBy(() ->
                        TestServer.run(app(PAIR, ctx -> ctx.status(418).result("")), server -> server.get("/one")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /one answered 418: the document declares no 418 for GET /one");
    }

    @Test
    void a_field_the_answers_record_lacks_fails_the_test() {
        assertThatThrownBy(() -> TestServer.run(
                        app(PAIR, ctx -> ctx.contentType(Responses.JSON).result("{\"a\":1,\"b\":2,\"c\":3}")),
                        server -> server.get("/one")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /one answered 200: ")
                .hasMessageContaining("c");
    }

    @Test
    void a_text_not_among_its_values_fails_the_test() {
        Doc word = Doc.of("A word", "Yes or no.").text("The word.", "yes", "no");
        assertThatThrownBy(() -> TestServer.run(app(word, ctx -> Responses.text(ctx, "maybe")), server -> {
                    assertThat(server.get("/one").body()).isEqualTo("maybe");
                }))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /one answered 200: ")
                .hasMessageContaining("maybe");
    }

    @Test
    void a_redirect_without_its_location_fails_the_test() {
        Doc away = Doc.of("Away", "Elsewhere.").redirect("Elsewhere.");
        assertThatThrownBy(() -> TestServer.run(
                        app(away, ctx -> ctx.status(302).header("Cache-Control", "no-store")),
                        server -> server.get("/one")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /one answered 302: no Location header");
    }

    @Test
    void an_error_without_the_error_body_fails_the_test_on_any_path() {
        Doc plain = Doc.of("Plain", "Text.").text("Text.");
        assertThatThrownBy(() -> TestServer.run(app(plain, ctx -> Responses.text(ctx, "x")), server -> {
                    server.received("GET", "/elsewhere", 404, Map.of("Content-Type", List.of("text/plain")), "gone");
                }))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /elsewhere answered 404: ");
    }
}
