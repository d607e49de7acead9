package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.LogCapture;
import pocketapi.Mirror;
import pocketapi.MutableClock;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidaySources;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.HolidayData;
import pocketapi.web.HttpProbe;

/**
 * The updater with a confirming source: holiday-cn's stand-in and chinese-days' stand-in are two local mirrors. A
 * change is served only when both agree on every date of the years it touches.
 */
class HolidayConfirmationTest {
    private static final LocalDate NATIONAL_DAY_2027 = LocalDate.of(2027, 10, 1);
    private static final String MADE_UP_2027 = TestYears.madeUp2027();
    private static final String REMEDY = "check the State Council's notice (gov.cn), and put the file you trust into "
            + "HOLIDAY_DATA_DIR (then restart)";

    @TempDir
    Path cacheDir;

    private final MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
    private Mirror holidayCn;
    private Mirror chineseDays;
    private LiveCalendar live;
    private LogCapture log;

    @BeforeEach
    void start() throws Exception {
        holidayCn = new Mirror();
        chineseDays = new Mirror();
        live = new LiveCalendar(HolidayData.load(Optional.empty(), clock));
        log = new LogCapture();
    }

    @AfterEach
    void stop() {
        log.close();
        holidayCn.close();
        chineseDays.close();
    }

    private HolidayUpdater updater(Duration wait) {
        return updater(wait, Set.of());
    }

    private HolidayUpdater updater(Duration wait, Set<Integer> pinned) {
        return updater(wait, List.of(holidayCn.base()), pinned);
    }

    private HolidayUpdater updater(Duration wait, List<URI> mirrors) {
        return updater(wait, mirrors, Set.of());
    }

    private HolidayUpdater updater(Duration wait, List<URI> mirrors, Set<Integer> pinned) {
        return new HolidayUpdater(
                live,
                new HolidayUpdater.Sources(mirrors, Duration.ofHours(6), List.of(chineseDays.base()), wait),
                new HolidayCache(cacheDir, clock),
                pinned,
                new HolidayFetcher(Duration.ofSeconds(1), Duration.ofSeconds(1), "pocketapi-test"),
                clock);
    }

    /** What a restart would serve: the built-in years with the cache. */
    private void restart() throws HolidayDataException {
        live = new LiveCalendar(HolidayData.load(Optional.empty(), new HolidayCache(cacheDir, clock).load(), clock)
                .calendar());
    }

    private String served(LocalDate date) {
        return live.get().covers(date) ? live.get().classify(date).status().wire() : null;
    }

    private HolidaySources.Origin origin(int year) {
        return live.sources().years().stream()
                .filter(y -> y.year() == year)
                .findFirst()
                .orElseThrow()
                .origin();
    }

    @Test
    void a_new_year_both_sources_agree_on_is_served_with_the_confirmed_line() {
        holidayCn.publish("2027.json", MADE_UP_2027);
        chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
        updater(Duration.ofDays(7)).check();
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(log.linesWith("holidays 2027 added"))
                .singleElement()
                .asString()
                .endsWith("INFO HolidayUpdater - holidays 2027 added: 30 days off, 5 make-up days, from "
                        + holidayCn.base() + "/2027.json, confirmed by " + chineseDays.base() + "/2027.json");
        assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
        assertThat(origin(2026)).isEqualTo(HolidaySources.Origin.BUILT_IN);
        assertThat(live.sources().held()).isEmpty();
    }

    @Test
    void a_new_year_the_confirming_source_lacks_waits_then_is_served_unconfirmed_and_a_restart_keeps_the_wait()
            throws Exception {
        holidayCn.publish("2027.json", MADE_UP_2027); // chinese-days answers 404
        updater(Duration.ofHours(1)).check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        assertThat(log.linesWith("/2027.json: waiting for confirmation until 2026-11-22 11:00 UTC+8: chinese-days "
                        + "has not published [2027]"))
                .singleElement()
                .asString()
                .contains("INFO");
        assertThat(live.sources().held()).singleElement().asString().startsWith("2027: waiting for confirmation");

        clock.set("2026-11-22T02:40:00Z");
        restart(); // the first sighting is remembered in the cache folder
        updater(Duration.ofHours(1)).check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();

        clock.set("2026-11-22T03:00:00Z");
        updater(Duration.ofHours(1)).check();
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(log.linesWith("holidays 2027 added"))
                .singleElement()
                .asString()
                .endsWith("holidays 2027 added: 30 days off, 5 make-up days, from " + holidayCn.base() + "/2027.json");
        assertThat(log.linesWith("holidays 2027 is served without confirmation"))
                .singleElement()
                .asString()
                .contains("WARN", "not confirmed after waiting 1 h: chinese-days has not published [2027]");
        assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.UNCONFIRMED);

        restart();
        updater(Duration.ofHours(1)).check(); // served from the cache, still unconfirmed
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.UNCONFIRMED);
    }

    @Test
    void a_wait_of_zero_serves_a_new_year_at_once() {
        holidayCn.publish("2027.json", MADE_UP_2027);
        updater(Duration.ZERO).check();
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
    }

    @Test
    void one_date_the_sources_disagree_on_is_never_served_and_a_daily_warn_names_it() {
        holidayCn.publish("2027.json", MADE_UP_2027);
        chineseDays.publish(
                "2027.json",
                TestYears.asChineseDays(
                        MADE_UP_2027.replace("{\"name\": \"国庆节\", \"date\": \"2027-10-07\", \"isOffDay\": true},", ""),
                        2027,
                        2027));
        HolidayUpdater updater = updater(Duration.ZERO);
        updater.check();
        updater.check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        List<String> warnings = log.linesWith("holidays 2027 from " + holidayCn.base() + "/2027.json is not served");
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains(
                        "WARN",
                        "chinese-days disagrees on 2027-10-07 (holiday-cn: day off, chinese-days: working day); "
                                + REMEDY);
        assertThat(live.get().disputed(2027)).containsExactly(LocalDate.of(2027, 10, 7));
        assertThat(HttpProbe.get(live, "/api/holidays?y=2027&m=5&d=6"))
                .contains(
                        "\"status\":400",
                        "2027-05-06 is in 2027, whose holiday arrangement is disputed (the sources disagree "
                                + "on 2027-10-07)");
        assertThat(live.sources().held()).isEmpty();

        clock.set("2026-11-23T02:00:00Z"); // the next UTC+8 day: warned again, still not served
        updater.check();
        assertThat(log.linesWith("is not served: chinese-days disagrees on 2027-10-07"))
                .hasSize(2);
        assertThat(served(NATIONAL_DAY_2027)).isNull();
    }

    @Test
    void a_fetched_2026_that_drops_a_date_chinese_days_still_has_changes_nothing() {
        HolidayCalendar before = live.get();
        holidayCn.publish(
                "2026.json",
                TestYears.builtIn(2026)
                        .replace("{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true},", ""));
        chineseDays.publish("2026.json", TestYears.chineseDays(2026));
        updater(Duration.ZERO).check();
        assertThat(live.get()).isSameAs(before);
        assertThat(served(LocalDate.of(2026, 10, 7))).isEqualTo("ture");
        assertThat(log.linesWith("is not served: chinese-days disagrees on 2026-10-07 (holiday-cn: working day, "
                        + "chinese-days: day off)"))
                .hasSize(1);
    }

    @Test
    void a_correction_present_in_both_sources_is_applied() {
        holidayCn.publish(
                "2026.json",
                TestYears.builtIn(2026)
                        .replace(
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}"));
        chineseDays.publish("2026.json", TestYears.chineseDays(2026).replace("\"2026-10-07\"", "\"2026-10-08\""));
        updater(Duration.ZERO).check();
        assertThat(served(LocalDate.of(2026, 10, 8))).isEqualTo("ture");
        assertThat(served(LocalDate.of(2026, 10, 7))).isEqualTo("flase");
        assertThat(log.linesWith("holidays 2026 changed"))
                .singleElement()
                .asString()
                .endsWith("2026-10-07 now not listed (was 国庆节 day off), 2026-10-08 now 国庆节 day off (was not "
                        + "listed); from "
                        + holidayCn.base() + "/2026.json, confirmed by " + chineseDays.base() + "/2026.json");
    }

    @Test
    void a_correction_the_confirming_source_cannot_confirm_waits_with_no_time_limit() {
        HolidayCalendar before = live.get();
        holidayCn.publish(
                "2026.json",
                TestYears.builtIn(2026)
                        .replace(
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}"));
        chineseDays.close(); // unreachable
        updater(Duration.ZERO).check();
        clock.set("2027-06-01T00:00:00Z");
        updater(Duration.ZERO).check();
        assertThat(live.get().years().get(2026)).isSameAs(before.years().get(2026));
        assertThat(log.linesWith("/2026.json: a change to dates already served (2026-10-07, 2026-10-08) waits for "
                        + "confirmation with no time limit"))
                .hasSize(1);
    }

    @Test
    void a_next_year_file_listing_a_june_date_of_this_year_is_refused_by_its_reach() {
        String reaching = MADE_UP_2027.replace(
                "\"days\": [", "\"days\": [\n    {\"name\": \"元旦\", \"date\": \"2026-06-15\", \"isOffDay\": true},");
        holidayCn.publish("2027.json", reaching);
        chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
        updater(Duration.ZERO).check();
        assertThat(served(LocalDate.of(2026, 6, 15))).isEqualTo("flase");
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        assertThat(log.linesWith("/2027.json: refused: lists 2026-06-15, outside 2027 and December 2026"))
                .hasSize(1);
    }

    @Test
    void a_next_year_file_changes_a_december_date_only_when_the_confirming_source_agrees_for_that_year_too() {
        String withNewYearsEve = MADE_UP_2027.replace(
                "\"days\": [", "\"days\": [\n    {\"name\": \"元旦\", \"date\": \"2026-12-31\", \"isOffDay\": true},");
        holidayCn.publish("2027.json", withNewYearsEve);
        chineseDays.publish("2027.json", TestYears.asChineseDays(withNewYearsEve, 2027, 2027));
        chineseDays.publish("2026.json", TestYears.chineseDays(2026)); // still without 2026-12-31
        updater(Duration.ZERO).check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        assertThat(log.linesWith(
                        "chinese-days disagrees on 2026-12-31 (holiday-cn: day off, chinese-days: working day)"))
                .hasSize(1);

        chineseDays.publish(
                "2026.json",
                TestYears.chineseDays(2026)
                        .replace("\"2026-10-07\":", "\"2026-12-31\":\"New Year's Day,元旦,1\",\"2026-10-07\":"));
        updater(Duration.ZERO).check();
        assertThat(served(LocalDate.of(2026, 12, 31))).isEqualTo("ture");
        assertThat(log.linesWith("holidays 2027 added"))
                .singleElement()
                .asString()
                .endsWith("confirmed by " + chineseDays.base() + "/2026.json and " + chineseDays.base() + "/2027.json");
    }

    @Test
    void a_new_year_served_unconfirmed_leaves_a_december_date_it_would_change_as_it_was() {
        holidayCn.publish(
                "2027.json",
                MADE_UP_2027.replace(
                        "\"days\": [",
                        "\"days\": [\n    {\"name\": \"元旦\", \"date\": \"2026-12-31\", \"isOffDay\": true},"));
        chineseDays.close();
        updater(Duration.ZERO).check();
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(served(LocalDate.of(2026, 12, 31))).isEqualTo("flase");
    }

    @Test
    void a_year_pinned_in_holiday_data_dir_is_never_changed_by_another_years_file() {
        String withNewYearsEve = MADE_UP_2027.replace(
                "\"days\": [", "\"days\": [\n    {\"name\": \"元旦\", \"date\": \"2026-12-31\", \"isOffDay\": true},");
        holidayCn.publish("2027.json", withNewYearsEve);
        chineseDays.publish("2027.json", TestYears.asChineseDays(withNewYearsEve, 2027, 2027));
        chineseDays.publish(
                "2026.json",
                TestYears.chineseDays(2026)
                        .replace("\"2026-10-07\":", "\"2026-12-31\":\"New Year's Day,元旦,1\",\"2026-10-07\":"));
        updater(Duration.ZERO, Set.of(2026)).check();
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(served(LocalDate.of(2026, 12, 31))).isEqualTo("flase");
        assertThat(holidayCn.requests()).containsExactly("/2027.json");
    }

    @Test
    void a_year_served_unconfirmed_that_the_confirming_source_contradicts_is_withdrawn_and_comes_back_when_they_agree()
            throws Exception {
        holidayCn.publish("2027.json", MADE_UP_2027);
        updater(Duration.ZERO).check(); // chinese-days has nothing yet: served unconfirmed
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(cacheDir.resolve("2027.json")).exists();

        String corrected =
                MADE_UP_2027.replace("{\"name\": \"国庆节\", \"date\": \"2027-10-07\", \"isOffDay\": true},", "");
        chineseDays.publish("2027.json", TestYears.asChineseDays(corrected, 2027, 2027));
        HolidayUpdater updater = updater(Duration.ZERO);
        updater.check();
        updater.check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        assertThat(live.get().disputed(2027)).containsExactly(LocalDate.of(2027, 10, 7));
        assertThat(HttpProbe.get(live, "/api/holidays?y=2027&m=10&d=7"))
                .contains(
                        "\"status\":400", "whose holiday arrangement is disputed (the sources disagree on 2027-10-07)");
        assertThat(log.linesWith("2027-10-07 (holiday-cn"))
                .as("one WARN on the day, naming the date")
                .singleElement()
                .asString()
                .contains(
                        "WARN",
                        "holidays 2027 is withdrawn: chinese-days now disagrees on 2027-10-07 "
                                + "(holiday-cn: day off, chinese-days: working day), and no mirror has a "
                                + "version it agrees with; "
                                + "its dates answer 400 until the sources agree; " + REMEDY);
        assertThat(cacheDir.resolve("2027.json")).doesNotExist();
        restart();
        assertThat(served(NATIONAL_DAY_2027)).isNull();

        holidayCn.publish("2027.json", corrected);
        updater(Duration.ZERO).check();
        assertThat(served(LocalDate.of(2027, 10, 7))).isEqualTo("flase");
        assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
        assertThat(live.get().disputed(2027)).isEmpty();
        assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
    }

    @Test
    void a_confirmed_year_the_confirming_source_later_contradicts_is_replaced_by_the_mirror_version_it_agrees_with()
            throws Exception {
        try (Mirror second = new Mirror()) {
            holidayCn.publish("2027.json", MADE_UP_2027);
            chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
            HolidayUpdater updater = updater(Duration.ZERO, List.of(holidayCn.base(), second.base()));
            updater.check();
            assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
            assertThat(second.requests()).doesNotContain("/2027.json");

            String corrected =
                    MADE_UP_2027.replace("{\"name\": \"国庆节\", \"date\": \"2027-10-07\", \"isOffDay\": true},", "");
            chineseDays.publish("2027.json", TestYears.asChineseDays(corrected, 2027, 2027)); // a correction
            second.publish("2027.json", corrected);
            updater.check();
            assertThat(second.requests()).containsOnlyOnce("/2027.json");
            assertThat(served(LocalDate.of(2027, 10, 7))).isEqualTo("flase");
            assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
            assertThat(log.linesWith("holidays 2027 changed"))
                    .singleElement()
                    .asString()
                    .contains("from " + second.base() + "/2027.json, confirmed by " + chineseDays.base());
        }
    }

    @Test
    void a_fetched_correction_of_a_built_in_year_later_contradicted_goes_back_to_the_built_in_version()
            throws Exception {
        HolidayCalendar builtIn = live.get();
        String moved = TestYears.builtIn(2026)
                .replace(
                        "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                        "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}");
        holidayCn.publish("2026.json", moved);
        chineseDays.publish("2026.json", TestYears.chineseDays(2026).replace("\"2026-10-07\"", "\"2026-10-08\""));
        HolidayUpdater updater = updater(Duration.ZERO);
        updater.check();
        assertThat(served(LocalDate.of(2026, 10, 8))).isEqualTo("ture");

        chineseDays.publish("2026.json", TestYears.chineseDays(2026)); // chinese-days takes it back
        updater.check();
        assertThat(live.get().years().get(2026))
                .isEqualTo(builtIn.years().get(2026))
                .isNotNull();
        assertThat(served(LocalDate.of(2026, 10, 7))).isEqualTo("ture");
        assertThat(log.linesWith("holidays 2026 is back to the built-in version: chinese-days now disagrees on "
                        + "2026-10-07 (holiday-cn: working day, chinese-days: day off), 2026-10-08"))
                .hasSize(1);
        assertThat(cacheDir.resolve("2026.json")).doesNotExist();
        assertThat(origin(2026)).isEqualTo(HolidaySources.Origin.BUILT_IN);
    }

    /** MADE_UP_2027 with two days off taken away: still lawful, so only the confirming source can tell it is wrong. */
    private static final String WRONG_2027 = MADE_UP_2027
            .replace("{\"name\": \"劳动节\", \"date\": \"2027-05-05\", \"isOffDay\": true},", "")
            .replace("{\"name\": \"国庆节\", \"date\": \"2027-10-07\", \"isOffDay\": true},", "");

    private String alarm(String date) {
        String[] ymd = date.split("-");
        return HttpProbe.get(live, "/api/holidays?type=alarm&y=" + ymd[0] + "&m=" + ymd[1] + "&d=" + ymd[2]);
    }

    @Test
    void a_year_served_unconfirmed_is_healed_from_the_next_mirror_once_the_confirming_source_contradicts_it()
            throws Exception {
        try (Mirror honest = new Mirror()) {
            holidayCn.publish("2027.json", WRONG_2027);
            honest.publish("2027.json", MADE_UP_2027);
            HolidayUpdater updater = updater(Duration.ZERO, List.of(holidayCn.base(), honest.base()));
            updater.check(); // chinese-days has no 2027 yet: the first plausible version is served unconfirmed
            assertThat(alarm("2027-10-07")).isEqualTo("work");
            assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.UNCONFIRMED);

            chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
            updater.check();
            assertThat(alarm("2027-10-07")).isEqualTo("vacation");
            assertThat(alarm("2027-05-05")).isEqualTo("vacation");
            assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
            assertThat(log.linesWith("holidays 2027 changed"))
                    .singleElement()
                    .asString()
                    .contains("2027-05-05 now 劳动节 day off (was not listed), 2027-10-07 now 国庆节 day off (was "
                            + "not listed); from "
                            + honest.base() + "/2027.json, confirmed by " + chineseDays.base() + "/2027.json");
        }
    }

    @Test
    void a_placeholder_at_the_first_mirror_does_not_keep_out_a_year_the_next_mirror_has_and_both_sources_agree_on()
            throws Exception {
        try (Mirror second = new Mirror()) {
            holidayCn.publish("2027.json", "{\"year\": 2027, \"papers\": [], \"days\": []}");
            second.publish("2027.json", MADE_UP_2027);
            chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
            updater(Duration.ofDays(7), List.of(holidayCn.base(), second.base()))
                    .check();
            assertThat(second.requests()).containsOnlyOnce("/2027.json");
            assertThat(alarm("2027-01-01")).isEqualTo("vacation");
            assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
            assertThat(live.get().notPublished(2027)).isFalse();
        }
    }

    @Test
    void a_year_every_mirror_has_only_a_placeholder_of_answers_not_published_yet() throws Exception {
        try (Mirror second = new Mirror()) {
            holidayCn.publish("2027.json", "{\"year\": 2027, \"days\": []}");
            second.publish("2027.json", "{\"year\": 2027, \"days\": []}");
            updater(Duration.ofDays(7), List.of(holidayCn.base(), second.base()))
                    .check();
            assertThat(live.get().notPublished(2027)).isTrue();
            assertThat(HttpProbe.get(live, "/api/holidays?y=2027&m=1&d=1")).contains("is not published yet");
        }
    }

    @Test
    void a_year_contradicted_at_every_mirror_with_a_wrong_one_served_unconfirmed_before_is_withdrawn()
            throws Exception {
        try (Mirror second = new Mirror()) {
            holidayCn.publish("2027.json", WRONG_2027);
            second.publish("2027.json", WRONG_2027);
            HolidayUpdater updater = updater(Duration.ZERO, List.of(holidayCn.base(), second.base()));
            updater.check();
            assertThat(alarm("2027-10-07")).isEqualTo("work");

            chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
            updater.check();
            assertThat(second.requests())
                    .as("asked in both rounds")
                    .filteredOn("/2027.json"::equals)
                    .hasSize(2);
            assertThat(alarm("2027-10-07"))
                    .contains("\"status\":400", "disputed (the sources disagree on 2027-05-05, " + "2027-10-07)");
            assertThat(HttpProbe.get(live, "/"))
                    .contains("2027: 有争议，不提供 <span class=\"en\">disputed, not served: "
                            + "the sources disagree on 2027-05-05, 2027-10-07</span>")
                    .doesNotContain("not confirmed");
        }
    }

    @Test
    void an_operators_year_is_never_withdrawn() {
        holidayCn.publish("2027.json", MADE_UP_2027);
        chineseDays.publish("2027.json", TestYears.asChineseDays(WRONG_2027, 2027, 2027));
        HolidayCalendar before = live.get();
        updater(Duration.ZERO, Set.of(2026)).check(); // 2026 is the operator's: never fetched, never withdrawn
        assertThat(live.get().years().get(2026)).isSameAs(before.years().get(2026));
        assertThat(holidayCn.requests()).doesNotContain("/2026.json");
    }

    /** Text a hostile mirror might send, none of which may reach the log or the page. */
    private static final List<String> HOSTILE =
            List.of("sk_live_51SECRETtoken_abcdef", "<script>alert", "alert(1)", "请立即登录", "evil.example", "sk_live");

    @Test
    void nothing_a_hostile_mirror_sends_reaches_the_log_or_the_page() throws Exception {
        try (Mirror internal = new Mirror()) {
            internal.answer(
                    "secret",
                    200,
                    "application/json",
                    "sk_live_51SECRETtoken_abcdef0123456789".getBytes(StandardCharsets.UTF_8));
            chineseDays.redirect("2027.json", internal.base() + "/secret");
            chineseDays.publish(
                    "2026.json",
                    "{\"holidays\":{\"<script>alert(1)</script>\":\"x\","
                            + "\"请立即登录 http://evil.example 领取补贴\":\"y\"}}");
            holidayCn.publish("2027.json", MADE_UP_2027.replace("\"2027-10-01\"", "\"<script>alert(1)</script>\""));
            holidayCn.publish(
                    "2026.json",
                    TestYears.builtIn(2026)
                            .replace(
                                    "\"国庆节\", \"date\": \"2026-10-05\"",
                                    "\"请立即登录 http://evil.example\", \"date\": \"2026-10-05\""));
            HolidayUpdater updater = updater(Duration.ofDays(7));
            updater.check();
            holidayCn.publish("2027.json", MADE_UP_2027);
            holidayCn.publish("2026.json", TestYears.builtIn(2026).replace("\"2026-10-07\"", "\"2026-10-08\""));
            updater.check(); // chinese-days' 2026 is asked now, to confirm the change
            assertThat(internal.requests())
                    .as("a local mirror may redirect locally")
                    .contains("/secret");
            String page = HttpProbe.get(live, "/");
            assertThat(live.sources().held())
                    .containsExactly(
                            "2026: a change to dates already served (2026-10-07, "
                                    + "2026-10-08) waits for confirmation with no time limit: chinese-days "
                                    + "has not published [2026] or "
                                    + "cannot be reached (127.0.0.1: refused: a key is not a date YYYY-MM-DD)",
                            "2027: waiting for confirmation until 2026-11-29 10:00 UTC+8: chinese-days has "
                                    + "not published [2027] "
                                    + "or cannot be reached (127.0.0.1: refused: not valid JSON at line 1, column 39)");
            for (String text : HOSTILE) {
                assertThat(page).doesNotContain(text);
                assertThat(log.linesWith(text)).isEmpty();
            }
            assertThat(log.linesWith("refused: the name of 2026-10-05 is none of the seven festivals"))
                    .hasSize(1);
            assertThat(log.linesWith("refused: days[27]: \"date\" is not a date YYYY-MM-DD"))
                    .hasSize(1);
        }
    }

    @Test
    void a_year_served_unconfirmed_becomes_confirmed_once_the_confirming_source_publishes_the_same() {
        holidayCn.publish("2027.json", MADE_UP_2027);
        updater(Duration.ZERO).check();
        chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
        updater(Duration.ZERO).check();
        assertThat(origin(2027)).isEqualTo(HolidaySources.Origin.CONFIRMED);
        assertThat(log.linesWith("holidays 2027 is now confirmed by " + chineseDays.base() + "/2027.json"))
                .hasSize(1);
    }

    @ParameterizedTest(name = "Location: {0}")
    @ValueSource(strings = {"http://x y/", "http:foo", "https:///x"})
    void a_malformed_redirect_fails_that_mirror_alone_and_the_next_one_is_asked(String location) throws Exception {
        try (Mirror second = new Mirror()) {
            holidayCn.redirect("2027.json", location);
            second.publish("2027.json", MADE_UP_2027);
            chineseDays.publish("2027.json", TestYears.asChineseDays(MADE_UP_2027, 2027, 2027));
            new HolidayUpdater(
                            live,
                            new HolidayUpdater.Sources(
                                    List.of(holidayCn.base(), second.base()),
                                    Duration.ofHours(6),
                                    List.of(chineseDays.base()),
                                    Duration.ZERO),
                            new HolidayCache(cacheDir, clock),
                            Set.of(),
                            new HolidayFetcher(Duration.ofSeconds(1), Duration.ofSeconds(1), "pocketapi-test"),
                            clock)
                    .check();
            assertThat(second.requests()).contains("/2027.json");
            assertThat(served(NATIONAL_DAY_2027)).isEqualTo("ture");
            assertThat(log.linesWith(holidayCn.base() + "/2027.json: redirected to"))
                    .singleElement()
                    .asString()
                    .contains("refused");
        }
    }

    @Test
    void a_live_fetch_decodes_as_strictly_as_the_cache() {
        holidayCn.answer(
                "2027.json",
                200,
                "application/json",
                MADE_UP_2027.replace("元旦", "Neujahr\u00e9").getBytes(StandardCharsets.ISO_8859_1));
        updater(Duration.ZERO).check();
        assertThat(served(NATIONAL_DAY_2027)).isNull();
        assertThat(log.linesWith("/2027.json: refused: not valid UTF-8 text")).hasSize(1);
    }

    @Test
    void nothing_a_mirror_sends_can_forge_a_log_line_or_write_control_bytes_into_it() {
        String forged = "\\u001b[2J\\r\\n2026-11-22T02:00:00.000Z INFO HolidayUpdater - holidays 2027 added\\u0000";
        holidayCn.publish("2027.json", MADE_UP_2027.replace("\"2027-10-01\"", "\"" + forged + "\""));
        updater(Duration.ofDays(7)).check(); // the primary's file: refused, naming where, not what
        holidayCn.publish("2027.json", MADE_UP_2027);
        chineseDays.publish("2027.json", "{\"holidays\":{\"" + forged + "\":\"x\"}}");
        updater(Duration.ofDays(7)).check(); // the confirming file: refused, so 2027 waits
        assertThat(log.linesWith("/2027.json: refused: days["))
                .singleElement()
                .asString()
                .endsWith(": \"date\" is not a date YYYY-MM-DD; keeping the data as it is");
        assertThat(log.linesWith("waiting for confirmation"))
                .singleElement()
                .asString()
                .contains("refused: a key is not a date YYYY-MM-DD");
        assertThat(log.lines()).noneMatch(line -> line.contains("[2J") || line.contains("2026-11-22T02:00:00.000Z"));
        assertThat(log.lines())
                .allSatisfy(line -> assertThat(line.chars().filter(c -> c < 0x20 && c != '\t'))
                        .as(line)
                        .isEmpty());
    }

    /** The real 2026 with chinese-days' own file for it, holiday-cn's names replaced as {@code rename} says. */
    private void publish2026(java.util.function.UnaryOperator<String> rename) {
        holidayCn.publish("2026.json", rename.apply(TestYears.builtIn(2026)));
        chineseDays.publish("2026.json", TestYears.chineseDays(2026));
    }

    @Test
    void renamed_days_are_served_with_the_festival_tables_names_and_no_fetched_text() {
        String feed = "/api/holidays.ics?y=2026&only=work&remind=20:00";
        String before = HttpProbe.get(live, feed);
        publish2026(json -> json.replace("\"国庆节\", \"date\": \"2026-10-04\"", "\"国庆假期\", \"date\": \"2026-10-04\"")
                .replace("\"国庆节\", \"date\": \"2026-10-05\"", "\"国庆假期\", \"date\": \"2026-10-05\"")
                .replace("\"元旦\", \"date\": \"2026-01-04\"", "\"元旦补班\", \"date\": \"2026-01-04\"")
                .replace(
                        "\"春节\", \"date\": \"2026-02-14\"",
                        "\"春节（停工通知见 http://evil.example/x）\", \"date\": \"2026-02-14\""));
        updater(Duration.ofDays(7)).check();
        HolidayCalendar now = live.get();
        assertThat(now.classify(LocalDate.of(2026, 10, 5)).name()).isEqualTo("国庆节");
        assertThat(now.classify(LocalDate.of(2026, 1, 4)).name()).isEqualTo("元旦调休");
        assertThat(now.classify(LocalDate.of(2026, 2, 14)).name()).isEqualTo("春节调休");
        assertThat(now.breakOnOrAfter(LocalDate.of(2026, 10, 1)).orElseThrow().days())
                .isEqualTo(7);
        // Nothing an answer shows changed: the same six make-up days, with their reminders, in the same bytes.
        assertThat(HttpProbe.get(live, feed))
                .isEqualTo(before)
                .contains("调休（班）")
                .doesNotContain("evil");
        assertThat(log.linesWith("evil")).isEmpty();
    }

    @Test
    void a_date_renamed_to_another_festival_than_chinese_days_gives_it_is_held() {
        HolidayCalendar before = live.get();
        publish2026(json -> json.replace("\"国庆节\", \"date\": \"2026-10-05\"", "\"中秋节\", \"date\": \"2026-10-05\""));
        updater(Duration.ofDays(7)).check();
        assertThat(live.get()).isSameAs(before);
        assertThat(log.linesWith("chinese-days disagrees on 2026-10-05 (holiday-cn: 中秋节, chinese-days: 国庆节)"))
                .isNotEmpty();
    }

    @Test
    void a_name_that_is_no_festival_is_refused_naming_the_date_only() {
        HolidayCalendar before = live.get();
        publish2026(json ->
                json.replace("\"国庆节\", \"date\": \"2026-10-05\"", "\"<script>x</script>\", \"date\": \"2026-10-05\""));
        updater(Duration.ofDays(7)).check();
        assertThat(live.get()).isSameAs(before);
        assertThat(log.linesWith("the name of 2026-10-05 is none of the seven festivals"))
                .isNotEmpty();
        assertThat(log.linesWith("script")).isEmpty();
    }
}
