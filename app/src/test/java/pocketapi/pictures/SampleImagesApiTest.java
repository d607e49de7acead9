package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/** The out-of-the-box demo: no IMAGE_HOST, so the service serves its bundled pictures itself. */
class SampleImagesApiTest {

    @Test
    void img_redirects_to_a_sample_on_the_same_server_that_answers_an_image() throws Exception {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> redirect = server.get("/img");
            assertThat(redirect.statusCode()).isEqualTo(302);
            String location = redirect.headers().firstValue("Location").orElseThrow();
            assertThat(location).startsWith(server.origin() + "/d/image/samples/landscape-");

            HttpResponse<byte[]> picture = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(location)).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
            assertThat(picture.statusCode()).isEqualTo(200);
            assertThat(picture.headers().firstValue("Content-Type")).contains("image/png");
            assertThat(picture.body()).startsWith(0x89, 'P', 'N', 'G');
        });
    }

    @Test
    void a_phone_is_sent_a_portrait_sample() {
        TestServer.run(
                TestApps.app(),
                server -> assertThat(
                                server.get("/img/url", "Sec-CH-UA-Mobile", "?1").body())
                        .startsWith(server.origin() + "/d/image/samples/portrait-"));
    }

    @ParameterizedTest(name = "Host: {0}")
    @CsvSource({
        "pics.example.org:8443, http://pics.example.org:8443/d/image/",
        "example.org, http://example.org/d/image/",
        "[::1]:9000, http://[::1]:9000/d/image/",
    })
    void links_use_the_host_header_when_it_is_a_plain_host_and_port(String host, String prefix) {
        TestServer.run(
                TestApps.app(),
                server ->
                        assertThat(server.get("/img/url", "Host", host).body()).startsWith(prefix));
    }

    @Test
    void an_odd_host_header_falls_back_to_localhost_and_the_servers_port() {
        TestServer.run(TestApps.app(), server -> {
            int port = URI.create(server.origin()).getPort();
            assertThat(server.get("/img/url", "Host", "bad_host.example").body())
                    .startsWith("http://localhost:" + port + "/d/image/samples/");
        });
    }

    @Test
    void an_unknown_sample_is_a_json_404() {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get("/d/image/samples/nope.png");
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).startsWith("{\"status\":404,");
        });
    }

    @Test
    void head_on_a_sample_has_its_type_and_length_and_no_body() {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> head = server.head("/d/image/samples/portrait-1.png");
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.headers().firstValue("Content-Type")).contains("image/png");
            assertThat(head.headers().firstValueAsLong("Content-Length").orElse(0))
                    .isPositive();
            assertThat(head.body()).isEmpty();
        });
    }
}
