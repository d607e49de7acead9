package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.ChineseDaysFile;
import pocketapi.holidays.data.HolidayData;

/** The review of a fetched change as the pure function it is: no mirror, no clock but the one given. */
class ChangeReviewTest {
    private static final Instant NOW = Instant.parse("2026-11-22T02:00:00Z");
    private static final Duration WEEK = Duration.ofDays(7);
    private static final HolidayCalendar SERVED = TestYears.calendarWith(Clock.systemUTC());
    private static final HolidayYear Y2027 = TestYears.parse(2027, TestYears.madeUp2027());
    /** 2026 with 10-07 off moved to 10-08. */
    private static final HolidayYear MOVED_2026 = TestYears.parse(
            2026,
            TestYears.builtIn(2026)
                    .replace(
                            "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                            "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}"));

    private static ChangeReview.Confirming chineseDays(int year, String holidayCn) throws HolidayDataException {
        return ChangeReview.Confirming.found(
                ChineseDaysFile.parse(
                        "cd",
                        year,
                        TestYears.asChineseDays(holidayCn, year, year).getBytes(StandardCharsets.UTF_8)),
                "https://cd.example/" + year + ".json");
    }

    private static ChangeReview.Decision review(
            HolidayYear fetched, Map<Integer, ChangeReview.Confirming> confirm, Instant firstSeen)
            throws HolidayDataException {
        return ChangeReview.review(
                SERVED, ChangeReview.touched(SERVED, fetched, Set.of()), confirm, firstSeen, WEEK, NOW);
    }

    @Test
    void a_year_served_as_it_is_again_changes_nothing() throws HolidayDataException {
        assertThat(ChangeReview.touched(SERVED, SERVED.years().get(2026), Set.of()))
                .isNull();
        assertThat(review(SERVED.years().get(2026), null, NOW)).isInstanceOf(ChangeReview.Unchanged.class);
    }

    @Test
    void a_new_year_touches_its_own_calendar_year_and_the_december_before_when_it_reaches_it()
            throws HolidayDataException {
        assertThat(ChangeReview.touched(SERVED, Y2027, Set.of()).years()).containsExactly(2027);
        assertThat(ChangeReview.touched(SERVED, MOVED_2026, Set.of()).years()).containsExactly(2026);
    }

    @Test
    void without_confirmation_a_change_is_applied_as_it_is() throws HolidayDataException {
        ChangeReview.Decision d = review(Y2027, null, NOW);
        assertThat(d).isInstanceOfSatisfying(ChangeReview.Apply.class, a -> {
            assertThat(a.next().last()).isEqualTo(LocalDate.of(2027, 12, 31));
            assertThat(a.confirmedBy()).isEmpty();
            assertThat(a.unconfirmed()).isEmpty();
        });
    }

    @Test
    void a_change_the_confirming_source_agrees_with_is_applied_confirmed() throws HolidayDataException {
        ChangeReview.Decision d = review(Y2027, Map.of(2027, chineseDays(2027, TestYears.madeUp2027())), NOW);
        assertThat(d)
                .isInstanceOfSatisfying(
                        ChangeReview.Apply.class,
                        a -> assertThat(a.confirmedBy()).isEqualTo("https://cd.example/2027.json"));
    }

    @Test
    void a_change_the_confirming_source_contradicts_is_held_with_each_date_and_both_statuses()
            throws HolidayDataException {
        ChangeReview.Decision d = review(MOVED_2026, Map.of(2026, chineseDays(2026, TestYears.builtIn(2026))), NOW);
        assertThat(d).isInstanceOfSatisfying(ChangeReview.Held.class, h -> {
            assertThat(h.dispute()).isTrue();
            assertThat(h.reason())
                    .isEqualTo("chinese-days disagrees on 2026-10-07 (holiday-cn: working day, "
                            + "chinese-days: day off), 2026-10-08 (holiday-cn: day off, chinese-days: working day)");
        });
    }

    @Test
    void a_new_year_waits_for_the_confirming_source_then_is_applied_unconfirmed() throws HolidayDataException {
        Map<Integer, ChangeReview.Confirming> none = Map.of(2027, ChangeReview.Confirming.missing("cd.example: 404"));
        assertThat(review(Y2027, none, NOW.minus(Duration.ofDays(6))))
                .isInstanceOfSatisfying(
                        ChangeReview.Held.class,
                        h -> assertThat(h.reason())
                                .isEqualTo("waiting for confirmation until 2026-11-23 10:00 UTC+8: chinese-days "
                                        + "has not published [2027] or cannot be reached (cd.example: 404)"));
        assertThat(review(Y2027, none, NOW.minus(WEEK)))
                .isInstanceOfSatisfying(
                        ChangeReview.Apply.class,
                        a -> assertThat(a.unconfirmed())
                                .startsWith("not confirmed after waiting 168 h: chinese-days has not published"));
    }

    @Test
    void a_change_to_dates_already_served_waits_for_confirmation_with_no_time_limit() throws HolidayDataException {
        ChangeReview.Decision d = review(
                MOVED_2026, Map.of(2026, ChangeReview.Confirming.missing("down")), NOW.minus(Duration.ofDays(365)));
        assertThat(d)
                .isInstanceOfSatisfying(
                        ChangeReview.Held.class,
                        h -> assertThat(h.reason())
                                .startsWith("a change to dates already served (2026-10-07, 2026-10-08) waits for "
                                        + "confirmation with no time "
                                        + "limit"));
    }

    @Test
    void a_fetched_year_now_contradicted_goes_back_to_the_built_in_version_or_is_withdrawn()
            throws HolidayDataException {
        HolidayCalendar with2027 = SERVED.withYear(Y2027);
        List<pocketapi.holidays.Confirmation.Dispute> disputes = pocketapi.holidays.Confirmation.disputes(
                with2027,
                ChineseDaysFile.parse(
                        "cd",
                        2027,
                        TestYears.asChineseDays(TestYears.madeUp2027(), 2027, 2027)
                                .replace("\"2027-10-07\"", "\"2027-10-08\"")
                                .getBytes(StandardCharsets.UTF_8)));
        ChangeReview.Withdrawal out = ChangeReview.withdraw(with2027, Y2027, disputes, Set.of(), HolidayData.builtIn());
        assertThat(out.next().years()).doesNotContainKey(2027);
        assertThat(out.next().disputed(2027)).isNotEmpty();
        assertThat(out.gone()).containsExactly(2027);
        assertThat(ChangeReview.withdraw(with2027, Y2027, disputes, Set.of(2027), HolidayData.builtIn())
                        .next())
                .isNull();
        ChangeReview.Withdrawal back = ChangeReview.withdraw(
                SERVED.withYear(MOVED_2026), MOVED_2026, disputes, Set.of(), HolidayData.builtIn());
        assertThat(back.message()).startsWith("holidays 2026 is back to the built-in version");
        assertThat(back.next().years().get(2026).sameDays(SERVED.years().get(2026)))
                .isTrue();
    }

    @Test
    void recheck_reports_confirmation_only_when_every_year_is_there() throws HolidayDataException {
        Map<Integer, ChangeReview.Confirming> confirm =
                new TreeMap<>(Map.of(2026, chineseDays(2026, TestYears.builtIn(2026))));
        assertThat(ChangeReview.recheck(SERVED, confirm).confirmedBy()).isEqualTo("https://cd.example/2026.json");
        confirm.put(2025, ChangeReview.Confirming.missing("down"));
        assertThat(ChangeReview.recheck(SERVED, confirm).confirmedBy()).isEmpty();
        assertThat(ChangeReview.years(SERVED.years().get(2026))).containsExactly(2026);
    }
}
