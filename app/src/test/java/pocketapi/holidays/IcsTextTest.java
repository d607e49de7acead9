package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the calendar feed makes of text: RFC 5545 escaping, and no control character ever. */
class IcsTextTest {
    @Test
    void separators_are_escaped_and_a_line_feed_is_written_as_backslash_n() {
        assertThat(IcsFeed.text("国庆节、中秋节;a,b\\c\nd")).isEqualTo("国庆节、中秋节\\;a\\,b\\\\c\\nd");
    }

    @Test
    void a_carriage_return_or_any_other_control_or_format_character_is_dropped_so_no_line_is_split() {
        assertThat(IcsFeed.text("元旦\rSUMMARY:forged\u0000\u001b[31m\u202e\u2028x"))
                .isEqualTo("元旦SUMMARY:forged[31mx");
    }
}
