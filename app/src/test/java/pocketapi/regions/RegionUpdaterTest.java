package pocketapi.regions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.Mirror;
import pocketapi.MutableClock;
import pocketapi.holidays.Day;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.HolidayFile;
import pocketapi.holidays.update.HolidayFetcher;

/**
 * The regions' updater against local mirrors: only regions asked for, confirmed years at once, others after the wait.
 */
class RegionUpdaterTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path cache;

    private Mirror mirror;
    private LogCapture log;

    @BeforeEach
    void start() throws Exception {
        mirror = new Mirror();
        log = new LogCapture();
    }

    @AfterEach
    void stop() {
        log.close();
        mirror.close();
    }

    /** The regions with their sources on the local mirror, keeping what they fetch in {@link #cache}. */
    private Regions regions(MutableClock clock) {
        return new Regions(
                List.of(
                        new HongKong(List.of(mirror.base().resolve("/hk/tc.json"))),
                        new Macau(List.of(mirror.base().resolve("/mo/holidays.ics"))),
                        new Taiwan(
                                List.of(mirror.base().resolve("/ruyut/data")),
                                List.of(mirror.base().resolve("/imsyuan/data")))),
                clock,
                cache);
    }

    private static RegionUpdater updater(Regions regions, MutableClock clock) {
        return new RegionUpdater(
                regions,
                Duration.ofHours(6),
                Duration.ofDays(7),
                new HolidayFetcher(Duration.ofSeconds(1), Duration.ofSeconds(1), "pocketapi-test"),
                clock);
    }

    /** The calendar of the region of this code. */
    private static pocketapi.holidays.HolidayCalendar calendar(Regions regions, String code) {
        return regions.get(regions.get(code));
    }

    /**
     * 1823's list as the test resource has it for 2020–2026, and {@code extra} after it, in 1823's own calendar shape.
     */
    private static String hongKong1823(Map<LocalDate, String> extra) throws Exception {
        List<String> events = new ArrayList<>();
        for (JsonNode g :
                MAPPER.readTree(RegionUpdaterTest.class.getResourceAsStream("/regions/hk-1823-tc-2020-2026.json"))) {
            events.add(
                    event(LocalDate.parse(g.get("date").asText()), g.get("name").asText()));
        }
        extra.forEach((d, name) -> events.add(event(d, name)));
        return "\uFEFF{\"vcalendar\":[{\"prodid\":\"-//1823//HK Public Holidays//TC\",\"vevent\":["
                + String.join(",", events) + "]}]}";
    }

    private static String event(LocalDate d, String name) {
        String day = d.toString().replace("-", "");
        return "{\"dtstart\":[\"" + day + "\",{\"value\":\"DATE\"}],\"transp\":\"TRANSPARENT\",\"uid\":\"" + day
                + "@1823.gov.hk\",\"summary\":\"" + name + "\"}";
    }

    @Test
    void a_region_nobody_asked_for_is_never_fetched() throws Exception {
        MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
        Regions regions = regions(clock);
        updater(regions, clock).check();
        assertThat(mirror.requests()).isEmpty();
    }

    @Test
    void hong_kongs_next_year_is_served_when_the_ordinances_rules_give_its_dates_and_kept_across_a_restart()
            throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Map<LocalDate, String> next = HongKong.generalHolidays(2028, LunarCalendar.get());
        mirror.publish("hk/tc.json", hongKong1823(next));
        Regions regions = regions(clock);
        assertThat(calendar(regions, "hk").last()).isEqualTo(LocalDate.of(2027, 12, 31));
        var built2026 = calendar(regions, "hk").years().get(2026);
        updater(regions, clock).check();
        assertThat(calendar(regions, "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31));
        // 2026 as fetched is named exactly as the built-in file names it: nothing changed.
        assertThat(calendar(regions, "hk").years().get(2026)).isSameAs(built2026);
        assertThat(calendar(regions, "hk")
                        .classify(LocalDate.of(2028, 7, 1))
                        .status()
                        .wire())
                .isEqualTo("ture");
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "Hong Kong holidays 2028 added from " + mirror.base().resolve("/hk/tc.json"),
                        "confirmed by the General Holidays Ordinance's rules");
        assertThat(cache.resolve("hk/2028.json")).exists();
        // A restart reads the kept year, without the network.
        assertThat(calendar(regions(clock), "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31));
    }

    @Test
    void a_hong_kong_year_the_rules_do_not_give_waits_then_is_served_with_a_warning() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Map<LocalDate, String> next = new TreeMap<>(HongKong.generalHolidays(2028, LunarCalendar.get()));
        next.put(LocalDate.of(2028, 9, 1), "特別假期"); // a one-off day the government adds
        mirror.publish("hk/tc.json", hongKong1823(next));
        Regions regions = regions(clock);
        calendar(regions, "hk");
        RegionUpdater updater = updater(regions, clock);
        updater.check();
        assertThat(calendar(regions, "hk").last().getYear()).isEqualTo(2027);
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "waiting for confirmation until 2027-11-29 10:00 UTC+8",
                        "its dates differ from the General Holidays Ordinance's rules on 2028-09-01");
        clock.advance(Duration.ofDays(7));
        updater.check();
        assertThat(calendar(regions, "hk").last().getYear()).isEqualTo(2028);
        assertThat(calendar(regions, "hk").classify(LocalDate.of(2028, 9, 1)).name())
                .isEqualTo("特別假期");
        assertThat(String.join("\n", log.lines()))
                .contains("Hong Kong holidays 2028 added", "unconfirmed after waiting 168 h");
    }

    /** Taiwan's years as the two mirrors give them: ruyut's every day, imsyuan's two lists. */
    private void publishTaiwan(int year, Map<LocalDate, String> off, List<LocalDate> worked, boolean confirm) {
        mirror.publish("ruyut/data/" + year + ".json", TaiwanFiles.everyDay(year, off, worked));
        if (confirm) {
            List<String> h = new ArrayList<>();
            off.forEach((d, name) -> h.add("{\"date\":\"" + d.toString().replace("-", "") + "\",\"isHoliday\":true,"
                    + "\"description\":\"" + name + "\"}"));
            List<String> w = new ArrayList<>();
            worked.forEach(d -> w.add("{\"date\":\"" + d.toString().replace("-", "") + "\",\"isHoliday\":false,"
                    + "\"description\":\"補行上班\"}"));
            mirror.publish("imsyuan/data/" + year + "/holidays.json", "[" + String.join(",", h) + "]");
            mirror.publish("imsyuan/data/" + year + "/makeup-workdays.json", "[" + String.join(",", w) + "]");
        }
    }

    @Test
    void taiwans_next_year_is_served_when_the_second_mirror_lists_the_same_days() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Regions regions = regions(clock);
        // 2027 as built in, from both mirrors: unchanged.
        Map<LocalDate, String> off2027 = new TreeMap<>();
        List<LocalDate> none = List.of();
        calendar(regions, "tw").days().stream()
                .filter(d -> d.date().getYear() == 2027 && d.status().wire().equals("ture"))
                .forEach(d -> off2027.put(d.date(), d.name()));
        publishTaiwan(2027, off2027, none, true);
        Map<LocalDate, String> off2028 = new TreeMap<>(Map.of(
                LocalDate.of(2028, 2, 28),
                "和平紀念日",
                LocalDate.of(2028, 10, 10),
                "國慶日",
                LocalDate.of(2028, 10, 9),
                "補假"));
        List<LocalDate> worked2028 = List.of(LocalDate.of(2028, 10, 14));
        publishTaiwan(2028, off2028, worked2028, true);
        updater(regions, clock).check();
        assertThat(calendar(regions, "tw").last()).isEqualTo(LocalDate.of(2028, 12, 31));
        assertThat(calendar(regions, "tw").classify(LocalDate.of(2028, 10, 9)).name())
                .isEqualTo("國慶日");
        assertThat(calendar(regions, "tw")
                        .classify(LocalDate.of(2028, 10, 14))
                        .status()
                        .wire())
                .isEqualTo("worker");
        assertThat(calendar(regions, "tw").classify(LocalDate.of(2028, 10, 14)).name())
                .isEqualTo("國慶日補行上班");
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "Taiwan holidays 2028 added",
                        "confirmed by " + mirror.base().resolve("/imsyuan/data/2028/holidays.json"))
                .doesNotContain("Taiwan holidays 2027");
    }

    @Test
    void a_taiwan_year_the_second_mirror_contradicts_is_not_served_before_the_wait() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Regions regions = regions(clock);
        calendar(regions, "tw");
        publishTaiwan(2028, Map.of(LocalDate.of(2028, 10, 10), "國慶日"), List.of(), true);
        mirror.publish(
                "imsyuan/data/2028/holidays.json",
                "[{\"date\":\"20281009\",\"description\":\"補假\"},"
                        + "{\"date\":\"20281010\",\"description\":\"國慶日\"}]");
        updater(regions, clock).check();
        assertThat(calendar(regions, "tw").last().getYear()).isEqualTo(2027);
        assertThat(String.join("\n", log.lines()))
                .contains("waiting for confirmation", "/imsyuan/data/2028/holidays.json lists other days");
        assertThat(Files.exists(cache.resolve("tw/2028.json"))).isFalse();
        assertThat(new String(Files.readAllBytes(cache.resolve("tw/confirmation.json")), StandardCharsets.UTF_8))
                .contains("2028");
    }

    /**
     * Macau's years as an iCalendar of all-day events, the way gov.mo publishes them: the public holidays of
     * {@code years} by the ordinance (the new year's three days as one event of three), {@code extra} days, and the
     * civil service's compensatory days and afternoons, which are not public holidays; one summary folded over two
     * lines.
     */
    private static String macauICalendar(Map<LocalDate, String> extra, int... years) {
        StringBuilder ics =
                new StringBuilder("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//gov.mo//Public Holidays//ZH\r\n");
        Map<LocalDate, String> events = new TreeMap<>(extra);
        for (int year : years) {
            LunarCalendar lunar = LunarCalendar.get();
            events.putAll(Macau.publicHolidays(year, lunar));
            Macau.compensatory(year, lunar).forEach((d, name) -> events.put(d, name));
            Macau.afternoons(year, lunar).forEach(d -> events.put(d, "除夕 （下午）"));
        }
        LocalDate skipTo = null;
        for (Map.Entry<LocalDate, String> e : events.entrySet()) {
            LocalDate d = e.getKey();
            if (skipTo != null && d.isBefore(skipTo)) {
                continue;
            }
            int days = e.getValue().equals("農曆新年") ? 3 : 1;
            skipTo = d.plusDays(days);
            String summary = e.getValue().length() > 8
                    ? e.getValue().substring(0, 8) + "\r\n " + e.getValue().substring(8)
                    : e.getValue();
            ics.append("BEGIN:VEVENT\r\nUID:")
                    .append(d)
                    .append("@gov.mo\r\nDTSTART;VALUE=DATE:")
                    .append(d.toString().replace("-", ""))
                    .append("\r\nDTEND;VALUE=DATE:")
                    .append(d.plusDays(days).toString().replace("-", ""))
                    .append("\r\nSUMMARY:")
                    .append(summary)
                    .append("\r\nEND:VEVENT\r\n");
        }
        return ics.append("END:VCALENDAR\r\n").toString();
    }

    @Test
    void macaus_next_year_is_served_when_the_ordinance_gives_its_public_holidays_the_civil_services_days_left_out() {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        mirror.publish("mo/holidays.ics", macauICalendar(Map.of(), 2027, 2028));
        Regions regions = regions(clock);
        var built2027 = calendar(regions, "mo").years().get(2027);
        updater(regions, clock).check();
        assertThat(calendar(regions, "mo").last()).isEqualTo(LocalDate.of(2028, 12, 31));
        assertThat(calendar(regions, "mo").years().get(2027))
                .isSameAs(built2027); // named as the built-in year: unchanged
        Day newYear = calendar(regions, "mo").classify(LocalDate.of(2028, 1, 28)); // 農曆正月初三, the event's third day
        assertThat(newYear.status().wire() + " " + newYear.name()).isEqualTo("ture 農曆新年");
        // The civil service's days of the feed are working days, as the rules have them.
        LocalDate compensatory = Macau.compensatory(2028, LunarCalendar.get())
                .keySet()
                .iterator()
                .next();
        assertThat(calendar(regions, "mo").classify(compensatory).status().kind())
                .isEqualTo("civilService");
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "Macau holidays 2028 added from " + mirror.base().resolve("/mo/holidays.ics"),
                        "confirmed by Ordem Executiva 60/2000's rules")
                .doesNotContain("Macau holidays 2027");
        assertThat(cache.resolve("mo/2028.json")).exists();
        assertThat(calendar(regions(clock), "mo").last()).isEqualTo(LocalDate.of(2028, 12, 31));
    }

    @Test
    void a_macau_year_with_a_day_the_ordinance_does_not_give_waits_then_is_served_with_a_warning() {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        mirror.publish("mo/holidays.ics", macauICalendar(Map.of(LocalDate.of(2028, 9, 4), "額外公眾假期"), 2028));
        Regions regions = regions(clock);
        calendar(regions, "mo");
        RegionUpdater updater = updater(regions, clock);
        updater.check();
        assertThat(calendar(regions, "mo").last().getYear()).isEqualTo(2027);
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "waiting for confirmation",
                        "its dates differ from Ordem Executiva 60/2000's rules on 2028-09-04");
        clock.advance(Duration.ofDays(7));
        updater.check();
        assertThat(calendar(regions, "mo").classify(LocalDate.of(2028, 9, 4)).name())
                .isEqualTo("額外公眾假期");
        assertThat(String.join("\n", log.lines()))
                .contains("Macau holidays 2028 added", "unconfirmed after waiting 168 h");
    }

    @Test
    void an_icalendar_is_read_folded_lines_and_long_events_included_a_date_of_two_kept_once_and_refused_if_not_one()
            throws Exception {
        String ics =
                "\uFEFFBEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20281001\r\nDTEND;VALUE=DATE:20281003\r\n"
                        + "SUMMARY;LANGUAGE=zh-hant:中華人民共和國\r\n 國慶日\\, "
                        + "翌日\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nDTSTART:20281002T000000\r\n"
                        + "SUMMARY:中秋節翌日\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        assertThat(HolidayLists.iCalendar("t", ics.getBytes(StandardCharsets.UTF_8))
                        .get(2028))
                .containsExactly(
                        Map.entry(LocalDate.of(2028, 10, 1), "中華人民共和國國慶日, 翌日"),
                        Map.entry(LocalDate.of(2028, 10, 2), "中華人民共和國國慶日, 翌日"));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> HolidayLists.iCalendar("t", "<html>".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("not an iCalendar");
    }

    @Test
    void a_year_kept_for_a_region_that_does_not_read_is_set_aside_alone_with_a_warning() throws Exception {
        MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
        Files.createDirectories(cache.resolve("hk"));
        Files.writeString(
                cache.resolve("hk/2028.json"),
                new String(
                        HolidayFile.write(
                                RegionFiles.holidays("t", 2028, HongKong.generalHolidays(2028, LunarCalendar.get()))),
                        StandardCharsets.UTF_8));
        Files.writeString(cache.resolve("hk/2029.json"), "{\"year\": 2029, \"days\": ["); // cut short
        Regions regions = regions(clock);
        assertThat(calendar(regions, "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31)); // the kept 2028 stays
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "Hong Kong holiday cache file " + cache.resolve("hk/2029.json")
                                + " is not usable (not valid JSON",
                        "kept aside as " + cache.resolve("hk/2029.json.corrupt-"));
        try (var left = Files.list(cache.resolve("hk"))) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .hasSize(2)
                    .contains("2028.json")
                    .anySatisfy(name -> assertThat(name).startsWith("2029.json.corrupt-"));
        }
    }

    @Test
    void a_kept_taiwan_year_that_lists_another_years_dates_is_set_aside_and_changes_no_other_year() throws Exception {
        MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
        Files.createDirectories(cache.resolve("tw"));
        // The probe's file: 2027 naming 2024-06-03 and 9999-12-31 made 2024-06-03 a day off and the feed a 500.
        Files.writeString(
                cache.resolve("tw/2027.json"),
                "{\"year\": 2027, \"days\": [{\"name\": \"開國紀念日\", \"date\": "
                        + "\"2027-01-01\", \"isOffDay\": true}, {\"name\": \"端午節\", \"date\": "
                        + "\"2024-06-03\", \"isOffDay\": true}, "
                        + "{\"name\": \"x\", \"date\": \"9999-12-31\", \"isOffDay\": true}]}");
        Regions regions = regions(clock);
        assertThat(calendar(regions, "tw")
                        .classify(LocalDate.of(2024, 6, 3))
                        .status()
                        .wire())
                .isEqualTo("flase");
        assertThat(calendar(regions, "tw").years().lastKey()).isEqualTo(2027); // the built-in 2027
        assertThat(calendar(regions, "tw").years().get(2027).source()).startsWith(HolidayData.BUILT_IN);
        assertThat(String.join("\n", log.lines()))
                .contains("Taiwan holiday cache file " + cache.resolve("tw/2027.json")
                        + " is not usable (lists 2024-06-03, outside 2027)");
    }

    @Test
    void a_macau_icalendar_past_its_bounds_is_refused_and_macau_stays_as_it_was() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Regions regions = regions(clock);
        var before = calendar(regions, "mo");
        RegionUpdater updater = updater(regions, clock);
        // The probe's file: two events of half a megabyte of summary over the same 32 days (joined, they ran the heap
        // out), a file within the 1 MB limit.
        String big = "中".repeat(160_000);
        StringBuilder folded = new StringBuilder();
        for (int i = 0; i < big.length(); i += 80) {
            folded.append(i == 0 ? "" : "\r\n ").append(big, i, i + 80);
        }
        String twice = ("BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20281201\r\nDTEND;VALUE=DATE:20290101\r\nSUMMARY:" + folded
                        + "\r\nEND:VEVENT\r\n")
                .repeat(2);
        mirror.publish("mo/holidays.ics", "BEGIN:VCALENDAR\r\n" + twice + "END:VCALENDAR\r\n");
        updater.check();
        // And 10,600 one-word events on 32 days (17 s of CPU a round when each was joined to the others).
        String many = "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20281201\r\nDTEND;VALUE=DATE:20290101\r\n"
                + "SUMMARY:假\r\nEND:VEVENT\r\n";
        mirror.publish("mo/holidays.ics", "BEGIN:VCALENDAR\r\n" + many.repeat(10_600) + "END:VCALENDAR\r\n");
        updater.check();
        assertThat(calendar(regions, "mo")).isSameAs(before);
        assertThat(log.linesWith("mo/holidays.ics: refused"))
                .extracting(line -> line.replaceFirst(".*holidays.ics: ", ""))
                .containsExactly(
                        "refused: a line of more than 1000 characters; keeping the data as it is",
                        "refused: more than 2000 events; keeping the data as it is");
    }

    @Test
    void a_taiwan_file_for_one_year_that_lists_another_years_dates_is_refused_and_changes_no_year() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Regions regions = regions(clock);
        var before = calendar(regions, "tw");
        publishTaiwan(2028, Map.of(LocalDate.of(2028, 10, 10), "國慶日"), List.of(), true);
        String every = "[{\"date\":\"20240603\",\"week\":\"一\",\"isHoliday\":true,\"description\":\"端午節\"},"
                + "{\"date\":\"99991231\",\"week\":\"五\",\"isHoliday\":true,\"description\":\"x\"},"
                + "{\"date\":\"20281010\",\"week\":\"二\",\"isHoliday\":true,\"description\":\"國慶日\"}]";
        mirror.publish("ruyut/data/2028.json", every);
        updater(regions, clock).check();
        assertThat(calendar(regions, "tw")).isSameAs(before);
        assertThat(calendar(regions, "tw")
                        .classify(LocalDate.of(2024, 6, 3))
                        .status()
                        .wire())
                .isEqualTo("flase");
        assertThat(log.linesWith("ruyut/data/2028.json"))
                .singleElement()
                .asString()
                .contains("refused: lists 2024-06-03, outside 2028 (a year's file lists its own year alone)");
        assertThat(cache.resolve("tw/2028.json")).doesNotExist();
    }

    @Test
    void an_unconfirmed_day_off_added_to_a_built_in_year_is_logged_and_never_served() throws Exception {
        MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
        mirror.publish("mo/holidays.ics", macauICalendar(Map.of(LocalDate.of(2026, 12, 1), "額外公眾假期"), 2026, 2027));
        Regions regions = regions(clock);
        var before = calendar(regions, "mo");
        RegionUpdater updater = updater(regions, clock);
        updater.check();
        clock.advance(Duration.ofDays(8)); // past HOLIDAY_CONFIRM_WAIT_SECONDS: a new year would be served by now
        updater.check();
        assertThat(calendar(regions, "mo")).isSameAs(before);
        assertThat(calendar(regions, "mo").working(LocalDate.of(2026, 12, 1))).isTrue();
        assertThat(log.linesWith("mo/holidays.ics#2026"))
                .singleElement()
                .asString()
                .contains(
                        "WARN",
                        "differs from the built-in year on 2026-12-01, unconfirmed (its dates differ from "
                                + "Ordem Executiva 60/2000's rules on 2026-12-01): not served; "
                                + "a year already served changes only when confirmed");
        assertThat(cache.resolve("mo/2026.json")).doesNotExist();
    }

    @Test
    void hong_kong_names_past_the_limit_refuse_the_list_and_the_years_kept_before_stay() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        mirror.publish("hk/tc.json", hongKong1823(HongKong.generalHolidays(2028, LunarCalendar.get())));
        Regions regions = regions(clock);
        calendar(regions, "hk");
        RegionUpdater updater = updater(regions, clock);
        updater.check();
        assertThat(calendar(regions, "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31));
        // The probe's names of 55 KB were served as confirmed, then refused at the restart with every other kept year.
        Map<LocalDate, String> long2029 = new TreeMap<>(HongKong.generalHolidays(2029, LunarCalendar.get()));
        long2029.replaceAll((d, name) -> name + "假".repeat(55 * 1024 / 3));
        clock.set("2028-11-22T02:00:00Z");
        mirror.publish("hk/tc.json", hongKong1823(long2029));
        updater.check();
        Map<LocalDate, String> named2029 = new TreeMap<>(HongKong.generalHolidays(2029, LunarCalendar.get()));
        named2029.replaceAll((d, name) -> name + "（" + "很".repeat(70) + "）");
        mirror.publish("hk/tc.json", hongKong1823(named2029));
        updater.check();
        assertThat(calendar(regions, "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31));
        assertThat(log.linesWith("hk/tc.json: refused"))
                .extracting(line -> line.replaceFirst(".*tc.json: ", ""))
                .containsExactly(
                        "refused: a text of more than 16384 characters; keeping the data as it is",
                        "refused: a name of more than 64 characters; keeping the data as it is");
        assertThat(calendar(regions(clock), "hk").last()).isEqualTo(LocalDate.of(2028, 12, 31));
    }

    @Test
    void a_confirming_mirror_without_its_saturdays_worked_confirms_nothing() throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        Regions regions = regions(clock);
        calendar(regions, "tw");
        publishTaiwan(2028, Map.of(LocalDate.of(2028, 10, 10), "國慶日"), List.of(), true);
        mirror.answer(
                "imsyuan/data/2028/makeup-workdays.json", 500, "text/plain", "oops".getBytes(StandardCharsets.UTF_8));
        updater(regions, clock).check();
        assertThat(calendar(regions, "tw").last().getYear()).isEqualTo(2027);
        assertThat(String.join("\n", log.lines()))
                .contains(
                        "makeup-workdays.json: answered HTTP 500",
                        "ruyut/data/2028.json: waiting for confirmation until",
                        "no confirming mirror has 2028");
    }
}
