package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.http.TestServer.contentType;

import java.net.http.HttpResponse;
import java.time.Clock;

import org.junit.jupiter.api.Test;

import pocketapi.stats.UsageCounters;

class PagesTest {
    private final UsageCounters counters = new UsageCounters(Clock.systemUTC(), 100);

    @Test
    void health_is_200_ok_as_text_and_not_counted() {
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> {
            HttpResponse<String> response = server.get("/healthz");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("text/plain; charset=utf-8");
            assertThat(response.body()).isEqualTo("ok");
            assertThat(server.head("/healthz").statusCode()).isEqualTo(200);
            assertThat(counters.version()).isZero();
        });
    }

    @Test
    void the_landing_page_is_self_contained_html_and_not_counted() {
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> {
            HttpResponse<String> response = server.get("/");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("text/html; charset=utf-8");
            assertThat(response.body())
                    .startsWith("<!doctype html>")
                    .contains("/api/holidays?type=pithy", "/api/holidays?type=alarm", "/img/pe", "/img/pc",
                            "/img/url", "/img?type=json", "/api/info", "src=\"/img\"", "节假日", "Holiday calendar")
                    // Nothing is loaded from elsewhere: no absolute or protocol-relative URL at all.
                    .doesNotContain("http://", "https://", "src=\"//", "href=\"//", "@import")
                    // Every example is its own list item: no stray separator before a link.
                    .doesNotContainPattern("·\\s*<a ");
            assertThat(server.head("/").statusCode()).isEqualTo(200);
            assertThat(counters.version()).isZero();
        });
    }
}
