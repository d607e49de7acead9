package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SkipReporterTest {
    @Test
    void a_skipped_test_is_reported_with_its_reason_on_one_line() {
        assertThat(SkipReporter.line(
                        "the_unit_is_valid()",
                        "Assumption failed: /usr/bin/systemd-analyze is not installed (Debian: "
                                + "apt-get install systemd)"))
                .isEqualTo("SKIPPED the_unit_is_valid(): /usr/bin/systemd-analyze is not installed "
                        + "(Debian: apt-get install systemd)");
    }
}
