package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What a day is to a person, every date 2020-2026, against an expectation built here from the facts
 * (holiday-breaks.csv: the notices and the law) alone; and the days in lieu 2008-2026 against chinese-days'
 * {@code inLieuDays}, their differences named.
 */
class DayKindTest {
    private static final HolidayCalendar CALENDAR = TestYears.calendarWith(Clock.systemUTC());

    @Test
    void every_date_2020_to_2026_has_the_kind_wage_exchange_and_break_the_facts_and_the_law_give() {
        Map<LocalDate, Status> named = BreakFacts.weekdayKinds();
        Map<LocalDate, Break> breakOf = new HashMap<>();
        Map<LocalDate, Break> repays = new HashMap<>();
        for (Break b : BreakFacts.all()) {
            for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                breakOf.put(d, b);
            }
            b.makeUpDays().forEach(d -> repays.put(d, b));
        }
        int checked = 0;
        for (LocalDate d = LocalDate.of(2020, 1, 1); !d.isAfter(LocalDate.of(2026, 12, 31)); d = d.plusDays(1)) {
            boolean weekend = d.getDayOfWeek().getValue() >= 6;
            Status expected = repays.containsKey(d)
                    ? Status.MAKE_UP
                    : named.containsKey(d) ? named.get(d) : weekend ? Status.WEEKEND : Status.WORKDAY;
            Break brk = repays.containsKey(d) ? repays.get(d) : breakOf.get(d);
            Day day = CALENDAR.classify(d);
            assertThat(day.status().kind()).as(d.toString()).isEqualTo(expected.kind());
            assertThat(day.statutory()).as(d.toString()).isEqualTo(expected == Status.STATUTORY);
            assertThat(day.status().wage())
                    .as(d.toString())
                    .isEqualTo(
                            expected == Status.STATUTORY
                                    ? 3
                                    : expected == Status.MAKE_UP || expected == Status.WORKDAY ? 1 : 2);
            assertThat(day.working())
                    .as(d.toString())
                    .isEqualTo(expected == Status.MAKE_UP || expected == Status.WORKDAY);
            assertThat(day.tradingDay()).as(d.toString()).isEqualTo(!weekend && expected == Status.WORKDAY);
            assertThat(day.brk()).as(d.toString()).isEqualTo(brk);
            checked++;
        }
        assertThat(checked).isEqualTo(2557);
    }

    @Test
    void the_statutory_days_follow_the_law_in_force_each_year() {
        Map<Integer, Integer> dates = new TreeMap<>();
        Map<Integer, Integer> holidays = new TreeMap<>();
        for (int year = 2020; year <= 2026; year++) {
            List<Law.Holiday> law = Law.of(year, LunarCalendar.get());
            holidays.put(year, law.size());
            dates.put(year, (int) law.stream().map(Law.Holiday::date).distinct().count());
        }
        // 11 days a year to 2024, 13 from 2025 (除夕 and 5-2 added); in 2020 中秋 fell on 10-01: 10 dates.
        assertThat(holidays)
                .containsExactlyEntriesOf(
                        Map.of(2020, 11, 2021, 11, 2022, 11, 2023, 11, 2024, 11, 2025, 13, 2026, 13).entrySet().stream()
                                .collect(TreeMap::new, (m, e) -> m.put(e.getKey(), e.getValue()), TreeMap::putAll));
        assertThat(dates.get(2020)).isEqualTo(10);
        assertThat(Law.of(2026, LunarCalendar.get()).stream()
                        .filter(h -> h.festival() == Festival.SPRING)
                        .map(Law.Holiday::date))
                .containsExactly(
                        LocalDate.of(2026, 2, 16),
                        LocalDate.of(2026, 2, 17),
                        LocalDate.of(2026, 2, 18),
                        LocalDate.of(2026, 2, 19)); // 除夕 is 腊月廿九 in 2026
        assertThat(Law.of(2012, LunarCalendar.get()).stream()
                        .filter(h -> h.festival() == Festival.SPRING)
                        .map(Law.Holiday::date))
                .containsExactly(
                        LocalDate.of(2012, 1, 22),
                        LocalDate.of(2012, 1, 23),
                        LocalDate.of(2012, 1, 24)); // 2008-2013: 除夕, 初一, 初二
    }

    /**
     * Where the days in lieu 2008-2026 (holiday-cn's files to 2021, the built-in years after) differ from chinese-days'
     * {@code inLieuDays}, and why. Each date: chinese-days has it, we do not (-), or the other way (+).
     */
    private static final Map<String, String> DIFFERENCES = new TreeMap<>(Map.of(
            "-2018-02-19",
                    "2018 春节: chinese-days lists 3 days in lieu for 2 make-up days; 初一 fell on Friday "
                            + "and 初二, 初三 on the weekend: 02-15 (除夕) and 02-19 are substitutes",
            "-2022-02-03", "2022 春节: chinese-days lists 初三, a statutory holiday, as in lieu",
            "+2022-01-31", "2022 春节: 除夕 (not statutory before 2025) is in lieu of a make-up day instead"));

    @Test
    void days_in_lieu_2008_to_2026_agree_with_chinese_days_but_for_the_differences_named() throws Exception {
        List<HolidayYear> years = new ArrayList<>();
        for (int year = 2008; year <= 2026; year++) {
            String file = year <= 2021 ? "holiday-cn/" + year + ".json" : "holidays/" + year + ".json";
            years.add(TestYears.parse(year, TestYears.resource(file)));
        }
        HolidayCalendar calendar = HolidayCalendar.of(years, java.util.Set.of(), Clock.systemUTC());
        TreeSet<String> ours = new TreeSet<>();
        for (Break b : calendar.breaks()) {
            b.inLieu().forEach(d -> ours.add(d.toString()));
        }
        TreeSet<String> theirs = new TreeSet<>();
        for (int year = 2007; year <= 2026; year++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(\\d{4}-\\d{2}-\\d{2})\":")
                    .matcher(inLieuDays(TestYears.chineseDays(year)));
            while (m.find()) {
                if (java.time.LocalDate.parse(m.group(1)).getYear() >= 2007) {
                    theirs.add(m.group(1));
                }
            }
        }
        theirs.removeIf(d -> d.compareTo("2007-12-31") < 0);
        TreeSet<String> differences = new TreeSet<>();
        theirs.stream().filter(d -> !ours.contains(d)).forEach(d -> differences.add("-" + d));
        ours.stream().filter(d -> !theirs.contains(d)).forEach(d -> differences.add("+" + d));
        assertThat(differences).containsExactlyElementsOf(DIFFERENCES.keySet());
        // 2020's Spring Festival, decided: 01-19 repays 01-29; 01-30 (its 02-01 make-up cancelled) and 01-31 are extra.
        assertThat(calendar.classify(LocalDate.of(2020, 1, 29)).status()).isEqualTo(Status.IN_LIEU);
        assertThat(calendar.classify(LocalDate.of(2020, 1, 30)).status()).isEqualTo(Status.EXTRA);
        assertThat(calendar.classify(LocalDate.of(2020, 1, 31)).status()).isEqualTo(Status.EXTRA);
        assertThat(calendar.classify(LocalDate.of(2020, 1, 24)).status()).isEqualTo(Status.SUBSTITUTE);
    }

    private static String inLieuDays(String json) {
        int at = json.indexOf("\"inLieuDays\"");
        return at < 0 ? "" : json.substring(at, json.indexOf('}', at) + 1);
    }

    @Test
    void an_ordinary_weekend_next_to_a_one_day_break_belongs_to_it() {
        Day saturday = CALENDAR.classify(LocalDate.of(2024, 6, 8));
        assertThat(saturday.status().wire()).isEqualTo("flase"); // the notice lists 06-10 alone
        assertThat(saturday.status()).isEqualTo(Status.WEEKEND);
        assertThat(saturday.brk().name()).isEqualTo("端午节");
        assertThat(saturday.brk().start()).isEqualTo(LocalDate.of(2024, 6, 8));
        assertThat(saturday.brk().days()).isEqualTo(3);
        assertThat(CALENDAR.classify(LocalDate.of(2024, 6, 15)).brk()).isNull();
    }
}
