package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

/** The Jetty internals pocketapi relies on are compiled against; what the compiler cannot see is checked at start. */
class ConnectionsTest {
    @Test
    void jetty_runs_with_exact_content_types() {
        assertThatCode(Connections::check).doesNotThrowAnyException();
    }
}
