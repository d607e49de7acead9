package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.files.Allowance;
import pocketapi.holidays.data.CalendarFile;

/**
 * Calendars of one's own, every date 2020-2026, against a day-by-day walk written here: a listed day, else an official
 * day off or make-up working day (the exchange closes make-up days), else the week rule, else Monday to Friday. The
 * official statuses the walk starts from are the official calendar's, tested against the notices elsewhere.
 */
class OwnCalendarTest {
    private static final HolidayCalendar OFFICIAL = TestYears.calendarWith(Clock.systemUTC());
    private static final LocalDate FIRST = LocalDate.of(2020, 1, 1);
    private static final LocalDate LAST = LocalDate.of(2026, 12, 31);

    /** A company's calendar: every kind of listed day, over official days of every kind. */
    private static final OwnCalendar ACME = parse("acme", """
            {"week": "alt:2026-11-28", "days": [
              {"name": "公司假日", "date": "2026-12-24", "isOffDay": true},
              {"name": "发布加班", "date": "2026-10-07", "isOffDay": false},
              {"name": "周日加班", "date": "2026-11-29", "isOffDay": false},
              {"name": "调休取消", "date": "2026-09-20", "isOffDay": true},
              {"name": "年会", "date": "2025-01-01", "isOffDay": true},
              {"name": "盘点", "date": "2020-01-04", "isOffDay": true},
              {"name": "周六加班", "date": "2023-12-30", "isOffDay": false}
            ]}""");

    private static OwnCalendar parse(String name, String json) {
        try {
            return CalendarFile.parse(
                    name + ".json", name, json.getBytes(StandardCharsets.UTF_8), Allowance.unlimited());
        } catch (HolidayDataException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether a Saturday is worked under big/small weeks anchored at {@code anchor}: an even number of weeks apart. */
    private static boolean altSaturday(LocalDate anchor, LocalDate saturday) {
        LocalDate anchorSaturday = anchor.with(DayOfWeek.MONDAY).plusDays(5);
        return Math.floorMod(ChronoUnit.WEEKS.between(anchorSaturday, saturday), 2) == 0;
    }

    /** The walk: what the day is under {@code schedule}, from the official day, by the precedence alone. */
    private static void check(OwnCalendar schedule, Predicate<LocalDate> saturdayWorked, boolean makeUpDaysWorked) {
        HolidayCalendar personal = OFFICIAL.under(schedule);
        int checked = 0;
        for (LocalDate d = FIRST; !d.isAfter(LAST); d = d.plusDays(1)) {
            Day official = OFFICIAL.classify(d);
            boolean weekend = d.getDayOfWeek().getValue() >= 6;
            ListedDay own = schedule.days().get(d);
            boolean worked;
            boolean beyondWeekend;
            String name;
            if (own != null) {
                worked = !own.offDay();
                beyondWeekend = own.offDay();
                name = own.festival();
            } else if (official.status().wire().equals("ture")) {
                worked = false;
                beyondWeekend = true;
                name = official.name();
            } else if (official.status().wire().equals("worker")) {
                worked = makeUpDaysWorked;
                beyondWeekend = false;
                name = official.name();
            } else if (d.getDayOfWeek() == DayOfWeek.SATURDAY
                    && official.status().kind().equals("weekend")) {
                worked = saturdayWorked.test(d);
                beyondWeekend = false;
                name = "";
            } else {
                worked = !weekend;
                beyondWeekend = false;
                name = "";
            }
            String status = worked ? (weekend ? "worker" : "flase") : beyondWeekend ? "ture" : "flase";
            Day day = personal.classify(d);
            assertThat(day.status().wire()).as(schedule + " " + d).isEqualTo(status);
            assertThat(day.working()).as(schedule + " " + d).isEqualTo(worked);
            assertThat(day.name()).as(schedule + " " + d).isEqualTo(status.equals("flase") ? "" : name);
            assertThat(day.statutory()).as("the law's fact " + d).isEqualTo(official.statutory());
            checked++;
        }
        assertThat(checked).isEqualTo(2557);
        // The working-day arithmetic follows the schedule's working days.
        int workdays = 0;
        for (LocalDate d = FIRST; !d.isAfter(LAST); d = d.plusDays(1)) {
            workdays += personal.classify(d).working() ? 1 : 0;
        }
        assertThat(personal.workdays().count(FIRST, LAST)).isEqualTo(workdays);
    }

    @Test
    void week_5_is_the_official_calendar_itself() {
        assertThat(OFFICIAL.under(OwnCalendar.of(Week.parse("5")))).isSameAs(OFFICIAL);
    }

    @Test
    void a_six_day_week_works_every_saturday_that_is_not_an_official_day_off() {
        check(OwnCalendar.of(Week.parse("6")), d -> true, true);
    }

    @ParameterizedTest(name = "alt:{0}")
    @ValueSource(strings = {"2026-11-28", "2026-12-05", "2020-01-01", "2023-12-31", "2026-10-01"})
    void big_and_small_weeks_work_every_other_saturday_forward_and_back_across_years_and_breaks(String anchor) {
        LocalDate a = LocalDate.parse(anchor);
        check(OwnCalendar.of(Week.parse("alt:" + anchor)), d -> altSaturday(a, d), true);
    }

    @Test
    void alt_dates_of_the_same_week_parity_are_one_rule_and_the_anchor_week_saturday_is_worked() {
        assertThat(Week.parse("alt:2026-11-23"))
                .isSameAs(Week.parse("alt:2026-11-29"))
                .isSameAs(Week.parse("alt:2026-11-28"))
                .isSameAs(Week.parse("alt:2026-12-12"))
                .isNotSameAs(Week.parse("alt:2026-12-05"));
        HolidayCalendar alt = OFFICIAL.under(OwnCalendar.of(Week.parse("alt:2026-11-28")));
        assertThat(alt.classify(LocalDate.of(2026, 11, 28)).working()).isTrue();
        assertThat(alt.classify(LocalDate.of(2026, 12, 5)).working()).isFalse();
        assertThat(alt.classify(LocalDate.of(2026, 12, 26)).working()).isTrue();
        assertThat(alt.classify(LocalDate.of(2026, 11, 21)).working()).isFalse();
        assertThat(alt.classify(LocalDate.of(2026, 11, 29)).working())
                .as("Sundays never")
                .isFalse();
    }

    @Test
    void the_exchange_trades_monday_to_friday_that_is_not_an_official_day_off_and_closes_make_up_weekends() {
        check(OwnCalendar.EXCHANGE, d -> false, false);
        HolidayCalendar exchange = OFFICIAL.under(OwnCalendar.EXCHANGE);
        for (LocalDate d = FIRST; !d.isAfter(LAST); d = d.plusDays(1)) {
            assertThat(exchange.classify(d).working())
                    .as(d.toString())
                    .isEqualTo(OFFICIAL.classify(d).tradingDay());
        }
        assertThat(exchange.classify(LocalDate.of(2026, 10, 10)).status().wire())
                .as("a make-up Saturday: closed")
                .isEqualTo("flase");
    }

    @Test
    void a_named_calendar_lists_days_that_win_over_everything() {
        check(ACME, d -> altSaturday(LocalDate.of(2026, 11, 28), d), true);
        HolidayCalendar acme = OFFICIAL.under(ACME);
        assertThat(acme.classify(LocalDate.of(2026, 10, 7)).working())
                .as("an official day off worked")
                .isTrue();
        assertThat(acme.classify(LocalDate.of(2026, 9, 20)).status().wire())
                .as("a make-up Sunday given off")
                .isEqualTo("ture");
        assertThat(acme.classify(LocalDate.of(2026, 11, 29)).status().wire())
                .as("a Sunday worked")
                .isEqualTo("worker");
        assertThat(acme.classify(LocalDate.of(2026, 12, 24)).status()).isEqualTo(Status.OWN_DAY_OFF);
    }

    @Test
    void breaks_lose_the_saturdays_a_week_rule_works_and_gain_the_days_a_calendar_gives_off() {
        // 2024's 端午节: the notice lists 06-10 alone; the break is 06-08…06-10 with its weekend.
        HolidayCalendar six = OFFICIAL.under(OwnCalendar.of(Week.parse("6")));
        Break dragonBoat = six.breakOnOrAfter(LocalDate.of(2024, 6, 8)).orElseThrow();
        assertThat(List.of(dragonBoat.name(), dragonBoat.start(), dragonBoat.end()))
                .containsExactly("端午节", LocalDate.of(2024, 6, 9), LocalDate.of(2024, 6, 10));
        assertThat(OFFICIAL.breakOnOrAfter(LocalDate.of(2024, 6, 8))
                        .orElseThrow()
                        .start())
                .isEqualTo(LocalDate.of(2024, 6, 8));
        // A company day off is a break of its own, with the weekend next to it.
        HolidayCalendar acme = OFFICIAL.under(ACME);
        Break companyDay = acme.breakOnOrAfter(LocalDate.of(2026, 12, 20)).orElseThrow();
        assertThat(List.of(companyDay.name(), companyDay.start(), companyDay.end()))
                .containsExactly("公司假日", LocalDate.of(2026, 12, 24), LocalDate.of(2026, 12, 24));
        assertThat(acme.classify(LocalDate.of(2026, 12, 24)).brk()).isEqualTo(companyDay);
        // The exchange has no make-up days to repay.
        HolidayCalendar exchange = OFFICIAL.under(OwnCalendar.EXCHANGE);
        assertThat(exchange.breaks()).allSatisfy(b -> assertThat(b.makeUpDays()).isEmpty());
        assertThat(exchange.breaks()).hasSameSizeAs(OFFICIAL.breaks());
    }

    @Test
    void a_derived_calendar_is_made_once_per_schedule() {
        assertThat(OFFICIAL.under(ACME)).isSameAs(OFFICIAL.under(ACME));
        assertThat(OFFICIAL.under(ACME).under(OwnCalendar.EXCHANGE)).isSameAs(OFFICIAL.under(OwnCalendar.EXCHANGE));
        assertThat(OFFICIAL.under(ACME).official()).isSameAs(OFFICIAL);
    }

    @Test
    void a_calendar_file_is_refused_naming_the_problem() {
        assertThatThrownBy(() -> CalendarFile.parse(
                        "x.json", "x", "{\"week\":\"7\"}".getBytes(StandardCharsets.UTF_8), Allowance.unlimited()))
                .isInstanceOf(HolidayDataException.class)
                .hasMessage("x.json: \"week\" must be 5 (Monday to Friday), 6 "
                        + "(Monday to Saturday) or alt:YYYY-MM-DD (big/small weeks: the Saturday of the week "
                        + "holding that "
                        + "date is worked, then every other Saturday) (7)");
        assertThatThrownBy(() -> CalendarFile.parse(
                        "x.json",
                        "x",
                        ("{\"days\":[{\"name\":\"a\",\"date\":\"2026-01-05\","
                                        + "\"isOffDay\":true},{\"name\":\"b\",\"date\":\"2026-01-05\","
                                        + "\"isOffDay\":false}]}")
                                .getBytes(StandardCharsets.UTF_8),
                        Allowance.unlimited()))
                .hasMessage("x.json: date 2026-01-05 is listed twice");
        assertThatThrownBy(() -> CalendarFile.parse(
                        "exchange.json", "exchange", "{}".getBytes(StandardCharsets.UTF_8), Allowance.unlimited()))
                .hasMessageContaining("exchange is the built-in calendar");
        assertThatThrownBy(() -> CalendarFile.parse(
                        "x.json",
                        "x",
                        ("{\"days\":[{\"name\":\"a\\u0007\",\"date\":" + "\"2026-01-05\",\"isOffDay\":true}]}")
                                .getBytes(StandardCharsets.UTF_8),
                        Allowance.unlimited()))
                .hasMessageContaining("contains a control or format character (U+0007)");
        assertThat(CalendarFile.validName("acme-2")).isTrue();
        assertThat(CalendarFile.validName("Acme")).isFalse();
        assertThat(parse("shop", "{\"week\": 6}").week()).isSameAs(Week.SIX);
        assertThat(parse("plain", "{}").week()).isSameAs(Week.FIVE);
    }
}
