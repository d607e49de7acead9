package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import pocketapi.counters.Counters.DayCount;

class SvgTest {
    @Test
    void text_widths_are_verdana_11_px_for_ascii_and_a_whole_em_for_cjk() {
        assertThat(Svg.width("calls"))
                .isCloseTo((520 + 600 + 274 + 274 + 520) * 0.011, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Svg.width("0123456789")).isCloseTo(69.85, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(Svg.width("调用次数")).isEqualTo(44);
        assertThat(Svg.width("é")).isEqualTo(7);
        assertThat(Svg.width("𠀀"))
                .as("a CJK character outside the BMP is one character")
                .isEqualTo(11);
    }

    @Test
    void the_chart_stacks_each_days_families_in_proportion_to_the_busiest_day_with_its_numbers_in_a_title() {
        String svg = Svg.chart(List.of(
                new DayCount("2026-05-01", 0, 0, 0, 0, 0, 0, 0, 0),
                new DayCount("2026-05-02", 5, 2, 1, 1, 0, 2, 1, 3),
                new DayCount("2026-05-03", 2, 0, 2, 0, 0, 0, 0, 0)));
        assertThat(Pattern.compile("<g><title>").matcher(svg).results().count()).isEqualTo(3);
        assertThat(svg)
                .contains("<title>2026-05-02: 5 calls · holidays 2 · pictures 1 · info 1 · other 0 · imported 1 · "
                        + "crawlers 2 · visitors 3</title>")
                .contains("<title>2026-05-03: 2 calls · holidays 0 · pictures 2 · info 0 · other 0 · crawlers 0 · "
                        + "visitors 0</title>")
                // The busiest day fills the 110 px above the axis at 120: holidays 44 px, the other three 22 each.
                .contains("<rect class=\"holidays\" x=\"230\" y=\"76\" width=\"140\" height=\"44\"/>"
                        + "<rect class=\"pictures\" x=\"230\" y=\"54\" width=\"140\" height=\"22\"/>"
                        + "<rect class=\"info\" x=\"230\" y=\"32\" width=\"140\" height=\"22\"/>"
                        + "<rect class=\"imported\" x=\"230\" y=\"10\" width=\"140\" height=\"22\"/>")
                .contains("<rect class=\"pictures\" x=\"430\" y=\"76\" width=\"140\" height=\"44\"/>")
                .contains(">2026-05-01</text>", ">2026-05-03</text>", ">5</text>");
        assertThat(svg.substring(svg.indexOf("2026-05-01:"), svg.indexOf("2026-05-02:")))
                .doesNotContain("class=\"holidays\"");
    }

    @Test
    void the_chart_starts_at_the_first_day_with_a_call_and_shows_a_week_at_least() {
        java.util.List<DayCount> month = new java.util.ArrayList<>();
        for (int d = 1; d <= 30; d++) {
            month.add(
                    new DayCount(String.format("2026-04-%02d", d), d >= 20 ? 1 : 0, d >= 20 ? 1 : 0, 0, 0, 0, 0, 0, 0));
        }
        assertThat(Svg.sinceFirstCall(month, 7))
                .extracting(DayCount::date)
                .first()
                .isEqualTo("2026-04-20");
        assertThat(Svg.sinceFirstCall(month, 7)).hasSize(11);
        java.util.List<DayCount> fresh = new java.util.ArrayList<>(month.subList(0, 29));
        fresh.replaceAll(d -> new DayCount(d.date(), 0, 0, 0, 0, 0, 0, 0, 0));
        fresh.add(new DayCount("2026-04-30", 5, 5, 0, 0, 0, 0, 0, 0));
        assertThat(Svg.sinceFirstCall(fresh, 7))
                .as("a fresh install: today and the six days before it")
                .extracting(DayCount::date)
                .containsExactly(
                        "2026-04-24",
                        "2026-04-25",
                        "2026-04-26",
                        "2026-04-27",
                        "2026-04-28",
                        "2026-04-29",
                        "2026-04-30");
        assertThat(Svg.sinceFirstCall(month.subList(0, 5), 7))
                .as("fewer days than a week: all")
                .hasSize(5);
    }

    @Test
    void a_number_is_written_as_the_format_to_a_tenth_would_write_it() {
        java.util.Random seeded = new java.util.Random(20261128L); // fixed seed: the same numbers every run
        for (int i = 0; i < 20_000; i++) {
            double v = i % 2 == 0 ? seeded.nextInt(4_000) / 2.0 : seeded.nextDouble() * 700;
            String format = String.format(java.util.Locale.ROOT, "%.1f", v).replace(".0", "");
            assertThat(Svg.number(v)).as("%s", v).isEqualTo(format);
        }
        assertThat(Svg.number(0)).isEqualTo("0");
        assertThat(Svg.number(41.5)).isEqualTo("41.5");
        assertThat(Svg.number(-2.5)).isEqualTo("-2.5");
        assertThat(Svg.number(600.0 / 7)).isEqualTo("85.7");
    }
}
