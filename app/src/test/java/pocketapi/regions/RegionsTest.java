package pocketapi.regions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import pocketapi.holidays.Day;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.LunarCalendar;

/**
 * The regions' built-in years against the official lists they were made from (Hong Kong: 1823.gov.hk's general holidays
 * 2020–2026 and gov.hk's for 2027, the Labour Department's statutory holidays; kept as test resources in their own
 * shapes): every date of every year, its status, alarm, kind and name.
 */
class RegionsTest {
    private static final Regional HK = new HongKong(List.of());
    private static final Regional MO = new Macau(List.of());
    private static final Regional TW = new Taiwan(List.of(), List.of());

    /** How a general holiday's official name (農曆年初三, 清明節翌日, 聖誕節後第一個周日) names its festival in the data. */
    private static final Map<String, String> FESTIVALS = new LinkedHashMap<>();

    static {
        for (String[] f : new String[][] {
            {"一月一日", "一月一日"},
            {"農曆年", "農曆新年"},
            {"清明節", "清明節"},
            {"耶穌受難節", "復活節"},
            {"復活節", "復活節"},
            {"勞動節", "勞動節"},
            {"佛誕", "佛誕"},
            {"端午節", "端午節"},
            {"香港特別行政區成立紀念日", "香港特別行政區成立紀念日"},
            {"中秋節", "中秋節"},
            {"國慶日", "國慶日"},
            {"重陽節", "重陽節"},
            {"聖誕節", "聖誕節"}
        }) {
            FESTIVALS.put(f[0], f[1]);
        }
    }

    record General(String name, String date) {}

    private static String festival(String official) {
        return FESTIVALS.entrySet().stream()
                .filter(e -> official.startsWith(e.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no festival for " + official));
    }

    /** The general holidays as gov.hk lists them for 2027, in English, by the festival the data names them after. */
    private static final Map<String, String> ENGLISH = Map.ofEntries(
            Map.entry("The first day of January", "一月一日"),
            Map.entry("Lunar New Year's Day", "農曆新年"),
            Map.entry("The third day of Lunar New Year", "農曆新年"),
            Map.entry("The fourth day of Lunar New Year", "農曆新年"),
            Map.entry("Good Friday", "復活節"),
            Map.entry("The day following Good Friday", "復活節"),
            Map.entry("Easter Monday", "復活節"),
            Map.entry("Ching Ming Festival", "清明節"),
            Map.entry("Labour Day", "勞動節"),
            Map.entry("The Birthday of the Buddha", "佛誕"),
            Map.entry("Tuen Ng Festival", "端午節"),
            Map.entry("Hong Kong Special Administrative Region Establishment Day", "香港特別行政區成立紀念日"),
            Map.entry("The day following the Chinese Mid-Autumn Festival", "中秋節"),
            Map.entry("National Day", "國慶日"),
            Map.entry("Chung Yeung Festival", "重陽節"),
            Map.entry("Christmas Day", "聖誕節"),
            Map.entry("The first weekday after Christmas Day", "聖誕節"));

    record Gov(String source, List<General> days) {}

    record Statutory(String source, Map<Integer, List<String>> years) {}

    /** The Labour Department's tables of statutory holidays, 2020–2028 and 2030, as a test resource. */
    static Map<Integer, List<String>> labourTables() throws java.io.IOException {
        return new ObjectMapper()
                .readValue(
                        RegionsTest.class.getResourceAsStream("/regions/hk-labour-statutory-2020-2030.json"),
                        Statutory.class)
                .years();
    }

    @Test
    void hong_kong_answers_every_date_of_2020_to_2027_as_the_official_lists_of_general_and_statutory_holidays_have_it()
            throws Exception {
        List<General> official = new ObjectMapper()
                .readValue(
                        getClass().getResourceAsStream("/regions/hk-1823-tc-2020-2026.json"), new TypeReference<>() {});
        Map<LocalDate, String> listed = new LinkedHashMap<>();
        official.forEach(g -> listed.put(LocalDate.parse(g.date()), g.name()));
        Gov gov2027 = new ObjectMapper()
                .readValue(getClass().getResourceAsStream("/regions/hk-gov-general-holidays-2027.json"), Gov.class);
        gov2027.days().forEach(g -> listed.put(LocalDate.parse(g.date()), g.name()));
        assertThat(listed).hasSize(8 * 17);
        java.util.Set<LocalDate> statutory = new java.util.TreeSet<>();
        labourTables().values().forEach(dates -> dates.forEach(d -> statutory.add(LocalDate.parse(d))));

        HolidayCalendar hk = Regions.builtIn(HK, Clock.systemUTC());
        assertThat(hk.region()).isSameAs(HK);
        assertThat(hk.first()).isEqualTo(LocalDate.of(2020, 1, 1));
        assertThat(hk.last()).isEqualTo(LocalDate.of(2027, 12, 31));
        int checked = 0;
        for (LocalDate d = hk.first(); !d.isAfter(hk.last()); d = d.plusDays(1), checked++) {
            Day day = hk.classify(d);
            String general = listed.get(d);
            boolean weekend = Day.weekend(d);
            assertThat(day.status().wire()).as(d.toString()).isEqualTo(general != null ? "ture" : "flase");
            assertThat(hk.working(d)).as(d.toString()).isEqualTo(general == null && !weekend);
            assertThat(day.statutory()).as(d + " " + general).isEqualTo(statutory.contains(d));
            assertThat(day.status().kind())
                    .as(d + " " + general)
                    .isEqualTo(statutory.contains(d) ? "statutory" : hongKongKind(general, d));
            if (general != null) {
                String festival = ENGLISH.containsKey(general) ? ENGLISH.get(general) : festival(general);
                assertThat(Arrays.asList(day.name().split("、")))
                        .as(d + " " + general)
                        .contains(festival);
            } else {
                assertThat(day.name()).as(d.toString()).isEmpty();
            }
        }
        assertThat(checked).isEqualTo(2922);
    }

    /**
     * What a day that is no statutory holiday is in Hong Kong, from its official name: a moved one is named 翌日, 初四 ...
     */
    private static String hongKongKind(String official, LocalDate d) {
        if (official == null) {
            return Day.weekend(d) ? "weekend" : "workday";
        }
        boolean moved = official.endsWith("翌日") && !List.of("耶穌受難節翌日", "中秋節翌日").contains(official)
                || official.equals("農曆年初四")
                || official.endsWith("後第二日")
                || official.endsWith("第二個周日");
        return Day.weekend(d) ? "weekend" : moved ? "substitute" : "holiday";
    }

    @Test
    void the_general_holidays_ordinance_gives_every_date_and_festival_of_the_official_lists_2020_to_2027()
            throws Exception {
        List<General> official = new ObjectMapper()
                .readValue(
                        getClass().getResourceAsStream("/regions/hk-1823-tc-2020-2026.json"), new TypeReference<>() {});
        for (int year = 2020; year <= 2026; year++) {
            Map<LocalDate, String> expected = new TreeMap<>();
            for (General g : official) {
                if (g.date().startsWith(year + "-")) {
                    expected.put(LocalDate.parse(g.date()), festival(g.name()));
                }
            }
            assertThat(HongKong.generalHolidays(year, LunarCalendar.get()))
                    .as("%d", year)
                    .isEqualTo(expected);
        }
        // 2027, built in from gov.hk's list: the ordinance's rules give the same 17 days, as for a fetched year.
        Map<LocalDate, String> gov2027 = new TreeMap<>();
        new ObjectMapper()
                .readValue(getClass().getResourceAsStream("/regions/hk-gov-general-holidays-2027.json"), Gov.class)
                .days()
                .forEach(g -> gov2027.put(LocalDate.parse(g.date()), ENGLISH.get(g.name())));
        assertThat(HongKong.generalHolidays(2027, LunarCalendar.get())).isEqualTo(gov2027);
        // Easter Sunday, whose Friday, Saturday and Monday are general holidays.
        assertThat(List.of(2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2038).stream()
                        .map(y -> Easter.sunday(y).toString()))
                .containsExactly(
                        "2020-04-12",
                        "2021-04-04",
                        "2022-04-17",
                        "2023-04-09",
                        "2024-03-31",
                        "2025-04-20",
                        "2026-04-05",
                        "2027-03-28",
                        "2038-04-25");
    }

    record Listed(String date, String week, boolean isHoliday, String description) {}

    record TaiwanYear(List<Listed> holidays, List<Listed> makeupWorkdays) {}

    @Test
    void taiwan_answers_every_date_of_2020_to_2027_as_the_office_calendar_has_it() throws Exception {
        // The DGPA's office calendar as its mirrors give it: the days off it names, the Saturdays worked; any other day
        // is an ordinary weekday or weekend day.
        Map<String, TaiwanYear> calendar = new ObjectMapper()
                .readValue(getClass().getResourceAsStream("/regions/tw-dgpa-2020-2027.json"), new TypeReference<>() {});
        Map<LocalDate, String> off = new TreeMap<>();
        Map<LocalDate, String> worked = new TreeMap<>();
        calendar.values().forEach(y -> {
            y.holidays().forEach(l -> off.put(basic(l.date()), l.description()));
            y.makeupWorkdays().forEach(l -> worked.put(basic(l.date()), l.description()));
        });
        HolidayCalendar tw = Regions.builtIn(TW, Clock.systemUTC());
        assertThat(tw.first()).isEqualTo(LocalDate.of(2020, 1, 1));
        assertThat(tw.last()).isEqualTo(LocalDate.of(2027, 12, 31));
        int checked = 0;
        for (LocalDate d = tw.first(); !d.isAfter(tw.last()); d = d.plusDays(1), checked++) {
            Day day = tw.classify(d);
            boolean weekend = Day.weekend(d);
            String status = off.containsKey(d) ? "ture" : worked.containsKey(d) ? "worker" : "flase";
            assertThat(day.status().wire()).as(d.toString()).isEqualTo(status);
            assertThat(tw.working(d))
                    .as(d.toString())
                    .isEqualTo(worked.containsKey(d) || !off.containsKey(d) && !weekend);
            assertThat(day.status().kind())
                    .as(d + " " + off.get(d))
                    .isEqualTo(taiwanKind(off.get(d), worked.containsKey(d), d));
            assertThat(day.statutory()).as(d + " " + off.get(d)).isEqualTo(byLaw(off.get(d), d));
            String named = off.get(d);
            if (named != null && !List.of("補假", "調整放假", "放假").contains(named)) {
                String festival = List.of("小年夜", "農曆除夕").contains(named) ? "春節" : named;
                assertThat(Arrays.asList(day.name().split("、")))
                        .as(d + " " + named)
                        .contains(festival);
            }
            if (worked.containsKey(d)) {
                assertThat(day.name()).as(d.toString()).endsWith("補行上班");
                assertThat(day.brk().makeUpDays()).as(d.toString()).contains(d);
            }
        }
        assertThat(checked).isEqualTo(2922);
        assertThat(worked).hasSize(14);
    }

    /**
     * Whether the calendar's description names a day the law gives off: a festival's name is, 補假 (a substitute), 放假
     * (2020's 兒童節 moved off 清明's date) and 調整放假 (a bridge day repaid by a Saturday) are not; 小年夜 is from 2026, when
     * 紀念日及節日實施條例 made it one (before, it was a bridge day with its own make-up Saturday).
     */
    private static boolean byLaw(String description, LocalDate d) {
        return description != null
                && !List.of("補假", "放假", "調整放假").contains(description)
                && (!description.equals("小年夜") || d.getYear() >= 2026);
    }

    /** What a day is in Taiwan, from the calendar's description of it. */
    private static String taiwanKind(String description, boolean worked, LocalDate d) {
        if (byLaw(description, d)) {
            return "statutory";
        } else if (description == null || Day.weekend(d)) {
            return worked ? "makeUp" : Day.weekend(d) ? "weekend" : "workday";
        }
        return List.of("補假", "放假").contains(description) ? "substitute" : "inLieu";
    }

    @Test
    void taiwans_law_gives_every_day_off_and_substitute_day_of_the_office_calendar_2020_to_2027() throws Exception {
        Map<String, TaiwanYear> calendar = new ObjectMapper()
                .readValue(getClass().getResourceAsStream("/regions/tw-dgpa-2020-2027.json"), new TypeReference<>() {});
        for (Map.Entry<String, TaiwanYear> y : calendar.entrySet()) {
            int year = Integer.parseInt(y.getKey());
            List<LocalDate> named = new java.util.ArrayList<>();
            List<LocalDate> substitutes = new java.util.ArrayList<>();
            for (Listed l : y.getValue().holidays()) {
                LocalDate d = basic(l.date());
                if (byLaw(l.description(), d)) {
                    named.add(d);
                } else if (List.of("補假", "放假").contains(l.description())) {
                    substitutes.add(d);
                }
            }
            assertThat(Taiwan.holidays(year, LunarCalendar.get()).keySet())
                    .as("%d", year)
                    .containsExactlyElementsOf(named);
            assertThat(Taiwan.substitutes(year, LunarCalendar.get()))
                    .as("%d", year)
                    .containsExactlyElementsOf(substitutes);
        }
        assertThat(Taiwan.holidays(2020, LunarCalendar.get())).containsEntry(LocalDate.of(2020, 4, 4), "兒童節、民族掃墓節");
    }

    /** How an official Macau name (農曆正月初二, 復活節前日, 中華人民共和國國慶日翌日) names its festival in the data. */
    private static String macauFestival(String official) {
        for (String[] f : new String[][] {
            {"農曆正月", "農曆新年"},
            {"耶穌受難日", "復活節"},
            {"復活節前日", "復活節"},
            {"中華人民共和國國慶日", "國慶日"},
            {"中秋節翌日", "中秋節"},
            {"聖誕節", "聖誕節"}
        }) {
            if (official.startsWith(f[0])) {
                return f[1];
            }
        }
        return official;
    }

    @Test
    void macau_answers_every_date_of_2017_to_2025_as_the_governments_lists_of_public_holidays_have_them()
            throws Exception {
        List<General> official = new ObjectMapper()
                .readValue(
                        getClass().getResourceAsStream("/regions/mo-gov-public-holidays-2017-2025.json"),
                        new TypeReference<>() {});
        Map<LocalDate, String> listed = new TreeMap<>();
        official.forEach(g -> listed.put(LocalDate.parse(g.date()), g.name()));
        assertThat(listed).hasSize(179); // 20 a year; 2020-10-02 holds two
        HolidayCalendar mo = Regions.builtIn(MO, Clock.systemUTC());
        assertThat(mo.first()).isEqualTo(LocalDate.of(2017, 1, 1)); // gov.mo's yearly lists begin with 2017
        assertThat(mo.last()).isEqualTo(LocalDate.of(2027, 12, 31));
        for (LocalDate d = mo.first(); d.getYear() <= 2025; d = d.plusDays(1)) {
            Day day = mo.classify(d);
            String name = listed.get(d);
            assertThat(day.status().wire()).as(d.toString()).isEqualTo(name != null ? "ture" : "flase");
            assertThat(mo.working(d)).as(d.toString()).isEqualTo(name == null && !Day.weekend(d));
            if (name != null) {
                for (String part : name.split("、")) {
                    assertThat(Arrays.asList(day.name().split("、")))
                            .as(d + " " + name)
                            .contains(macauFestival(part));
                }
            }
        }
        // The mandatory holidays (Lei n.º 7/2008), as the labour bureau's table has them for 2024, are the statutory
        // days.
        List<String> mandatory = new java.util.ArrayList<>();
        mo.days().stream()
                .filter(Day::statutory)
                .filter(d -> d.date().getYear() == 2024)
                .forEach(d -> mandatory.add(d.date().toString()));
        assertThat(mandatory)
                .containsExactly(
                        "2024-01-01",
                        "2024-02-10",
                        "2024-02-11",
                        "2024-02-12",
                        "2024-04-04",
                        "2024-05-01",
                        "2024-09-18",
                        "2024-10-01",
                        "2024-10-11",
                        "2024-12-20");
        assertThat(mo.classify(LocalDate.of(2024, 10, 1)).status().kind()).isEqualTo("statutory");
        assertThat(mo.classify(LocalDate.of(2024, 11, 2)).status().kind()).isEqualTo("weekend");
        assertThat(mo.classify(LocalDate.of(2024, 12, 24)).status().kind()).isEqualTo("holiday");
        // 2026 and 2027 are the ordinance's rules, as every year before them is.
        for (int year = 2017; year <= 2027; year++) {
            Map<LocalDate, String> rules = Macau.publicHolidays(year, LunarCalendar.get());
            List<LocalDate> off = new java.util.ArrayList<>();
            for (Day day : mo.days()) {
                if (day.date().getYear() == year && day.status().wire().equals("ture")) {
                    off.add(day.date());
                }
            }
            assertThat(off).as("%d", year).containsExactlyElementsOf(rules.keySet());
        }
    }

    record CivilService(Map<String, String> compensatory, List<String> afternoons, List<String> wholeDays) {}

    @Test
    void macaus_civil_service_days_are_worked_days_named_in_kind_as_the_governments_tables_have_them()
            throws Exception {
        Map<String, Object> tables = new ObjectMapper()
                .readValue(
                        getClass().getResourceAsStream("/regions/mo-gov-civil-service-2020-2026.json"),
                        new TypeReference<>() {});
        HolidayCalendar mo = Regions.builtIn(MO, Clock.systemUTC());
        int compared = 0;
        for (String year : List.of("2020", "2024", "2025", "2026")) {
            CivilService table = new ObjectMapper().convertValue(tables.get(year), CivilService.class);
            Map<LocalDate, String> compensatory = Macau.compensatory(Integer.parseInt(year), LunarCalendar.get());
            assertThat(compensatory.keySet())
                    .as(year)
                    .containsExactlyElementsOf(table.compensatory().keySet().stream()
                            .map(LocalDate::parse)
                            .toList());
            table.compensatory()
                    .forEach((date, official) -> assertThat(compensatory.get(LocalDate.parse(date)))
                            .as(date)
                            .isEqualTo(macauFestival(official.replace("的補假", "")) + "的補假"));
            assertThat(Macau.afternoons(Integer.parseInt(year), LunarCalendar.get()))
                    .as(year)
                    .containsExactlyElementsOf(
                            table.afternoons().stream().map(LocalDate::parse).toList());
            for (LocalDate d = LocalDate.parse(year + "-01-01");
                    d.getYear() == Integer.parseInt(year);
                    d = d.plusDays(1)) {
                Day day = mo.classify(d);
                String kind = table.compensatory().containsKey(d.toString())
                        ? "civilService"
                        : table.afternoons().contains(d.toString()) ? "civilServiceAfternoon" : null;
                if (kind != null || table.wholeDays().contains(d.toString())) {
                    // Everyone else works: an ordinary day to the answer and the alarm; kind says whose day off it is.
                    assertThat(day.status().wire() + " " + mo.working(d))
                            .as(d.toString())
                            .isEqualTo("flase true");
                    assertThat(day.status().kind()).as(d.toString()).isEqualTo(kind == null ? "workday" : kind);
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(6 + 2 + 1 + 6 + 2 + 5 + 2 + 6 + 2);
        // A despacho's one-off whole day (2020-10-05, for two holidays on 10-02) follows no rule: a plain working day.
        assertThat(mo.classify(LocalDate.of(2020, 10, 5)).status().kind()).isEqualTo("workday");
    }

    private static LocalDate basic(String yyyymmdd) {
        return LocalDate.parse(yyyymmdd, java.time.format.DateTimeFormatter.BASIC_ISO_DATE);
    }

    @Test
    void a_hong_kong_break_runs_over_the_weekend_days_next_to_its_general_holidays_and_names_its_statutory_days()
            throws Exception {
        HolidayCalendar hk = Regions.builtIn(HK, Clock.systemUTC());
        assertThat(hk.arrangement(2026))
                .extracting(b -> b.name() + " " + b.start() + "…" + b.end() + " " + b.days())
                .containsExactly(
                        "一月一日 2026-01-01…2026-01-01 1",
                        "農曆新年 2026-02-17…2026-02-19 3",
                        "復活節、清明節 2026-04-03…2026-04-07 5",
                        "勞動節 2026-05-01…2026-05-03 3",
                        "佛誕 2026-05-23…2026-05-25 3",
                        "端午節 2026-06-19…2026-06-21 3",
                        "香港特別行政區成立紀念日 2026-07-01…2026-07-01 1",
                        "中秋節 2026-09-26…2026-09-27 2",
                        "國慶日 2026-10-01…2026-10-01 1",
                        "重陽節 2026-10-17…2026-10-19 3",
                        "聖誕節 2026-12-25…2026-12-27 3");
        // A break's statutory days are its days the Employment Ordinance gives: 清明 on its Sunday, Easter Monday after
        // it.
        assertThat(hk.arrangement(2026).get(2).statutory())
                .containsExactly(LocalDate.of(2026, 4, 5), LocalDate.of(2026, 4, 6));
        assertThat(hk.breaks()).allSatisfy(b -> {
            assertThat(b.makeUpDays()).isEmpty();
            assertThat(b.inLieu()).isEmpty();
            assertThat(b.statutory())
                    .isEqualTo(b.start()
                            .datesUntil(b.end().plusDays(1))
                            .filter(d -> hk.classify(d).statutory())
                            .toList());
        });
    }
}
