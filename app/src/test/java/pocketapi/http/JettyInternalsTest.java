package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The Jetty internals pocketapi relies on: present in the Jetty it runs with, and named when not. */
class JettyInternalsTest {
    @Test
    void every_internal_is_there_in_the_jetty_on_the_classpath() {
        assertThatCode(JettyInternals::check).doesNotThrowAnyException();
    }

    @Test
    void a_member_an_upgrade_removed_is_named_with_what_it_was_needed_for() {
        List<String> missing = new ArrayList<>();
        JettyInternals.requireMethod(missing, String.class, "newHttpParser", "seeing HEAD before Jetty parses a request");
        JettyInternals.requireField(missing, String.class, "__STRICT", "exact Content-Type headers");
        JettyInternals.requireMethod(missing, String.class, "length", "nothing");
        assertThat(missing).containsExactly(
                "java.lang.String.newHttpParser is gone (needed for seeing HEAD before Jetty parses a request)",
                "java.lang.String.__STRICT is gone (needed for exact Content-Type headers)");
        assertThat(JettyInternals.problem("13.0.0", missing)).isEqualTo("Jetty 13.0.0 is not the Jetty pocketapi was "
                + "checked against (12.1.x): java.lang.String.newHttpParser is gone (needed for seeing HEAD before Jetty "
                + "parses a request); java.lang.String.__STRICT is gone (needed for exact Content-Type headers). Build "
                + "pocketapi with the Jetty its pom.xml pins, or update JettyInternals");
    }
}
