package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;

/** The holiday calendar's parts of the page, drawn directly: the HTTP tests only check they are on the page. */
class HolidaysPageTest {
    @Test
    void the_page_answers_for_today_and_tomorrow_with_the_alarm_word_and_what_the_day_is() {
        HolidayCalendar calendar = TestApps.calendar(TestApps.at("2026-09-30T02:00:00Z"));
        DayRoutes choice = new DayRoutes(
                () -> calendar, TestApps.regions(java.time.Clock.systemUTC()), Forecasts.NONE, Map::of, true);
        String days = HolidaysPage.days(choice, calendar, LocalDate.of(2026, 9, 30));
        assertThat(days)
                .contains(
                        "今天 9月30日 周三 <span class=\"en\">Today, 2026-09-30</span></h3>"
                                + "<b class=\"work\">work</b> 上班 · 工作日 · 接口值 <code>flase</code> = 普通日"
                                + "<span class=\"en\">working day · the API's value <code>flase</code> = an ordinary "
                                + "day (spelled so by the API, on purpose)</span>",
                        "明天 10月1日 周四 <span class=\"en\">Tomorrow, 2026-10-01</span></h3>"
                                + "<b class=\"off\">vacation</b> 休息 · 国庆节 · 法定节假日 · 接口值 <code>ture</code> = 法定节假日休息");
        assertThat(HolidaysPage.days(choice, calendar, LocalDate.of(2026, 10, 9)))
                .contains(
                        "明天 10月10日 周六",
                        "<b class=\"work\">work</b> 上班 · 国庆节调休 · 周末上班 · 接口值 <code>worker</code> = 调休上班");
    }

    @Test
    void after_the_data_ends_the_page_says_whether_next_year_is_not_fetched_not_published_or_updates_are_off() {
        HolidayCalendar calendar = TestApps.calendar(TestApps.at("2026-12-31T02:00:00Z"));
        LocalDate last = LocalDate.of(2026, 12, 31);
        assertThat(HolidaysPage.days(
                        new DayRoutes(
                                () -> calendar,
                                TestApps.regions(java.time.Clock.systemUTC()),
                                Forecasts.NONE,
                                Map::of,
                                true),
                        calendar,
                        last))
                .contains(
                        "明天 1月1日 周五",
                        "不在数据中 <span class=\"en\">not in the data: 2027's holiday arrangement is "
                                + "not fetched yet</span>");
        assertThat(HolidaysPage.days(
                        new DayRoutes(
                                () -> calendar,
                                TestApps.regions(java.time.Clock.systemUTC()),
                                Forecasts.NONE,
                                Map::of,
                                false),
                        calendar,
                        last))
                .contains("2027's holiday arrangement is not in the built-in data, and updates are off");
        HolidayCalendar placeholder = calendar.withNotPublished(2027);
        assertThat(HolidaysPage.days(
                        new DayRoutes(
                                () -> placeholder,
                                TestApps.regions(java.time.Clock.systemUTC()),
                                Forecasts.NONE,
                                Map::of,
                                true),
                        placeholder,
                        last))
                .contains("2027's holiday arrangement is not published yet");
        assertThat(HolidaysPage.updates(null)).contains("added by itself");
        assertThat(HolidaysPage.updates("UPDATES=off"))
                .contains("Automatic updates are off (UPDATES=off)")
                .doesNotContain("by itself", "自动加入");
    }

    @Test
    void the_region_switch_offers_the_mainland_then_each_region_with_its_names_and_its_legend() {
        HolidayCalendar calendar = TestApps.calendar(TestApps.at("2026-09-30T02:00:00Z"));
        RegionCalendars regions = TestApps.regions(java.time.Clock.systemUTC());
        DayRoutes choice = new DayRoutes(() -> calendar, regions, Forecasts.NONE, Map::of, true);
        String section = new HolidaysPage(new LiveCalendar(calendar), choice, regions.regions(), null).section();
        assertThat(section)
                .contains("<select id=\"region\"><option value=\"cn\" data-legend=\"[&quot;休&quot;,&quot;day off&quot;,"
                        + "&quot;法定节假日&quot;,&quot;statutory holiday (3× pay)&quot;,&quot;班 调休上班&quot;,"
                        + "&quot;make-up working day&quot;]\">中国大陆 mainland</option><option value=\"hk\" "
                        + "data-legend=\"[&quot;休 公眾假期&quot;,&quot;general holiday&quot;,&quot;法定假日&quot;,"
                        + "&quot;statutory holiday (Employment Ordinance)&quot;,&quot;&quot;,&quot;&quot;]\" "
                        + "data-zh=\"香港\" data-en=\"Hong Kong\">香港 Hong Kong</option>");
        for (Region r : regions.regions()) {
            assertThat(section).contains("<option value=\"" + r.code() + "\" data-legend=\"[&quot;");
        }
    }

    @Test
    void week_rules_are_named_in_plain_words() {
        LocalDate tuesday = LocalDate.of(2026, 11, 24);
        assertThat(HolidaysPage.week(Week.SIX, tuesday)).startsWith("单休（周六上班）").endsWith("Saturdays worked</span>");
        assertThat(HolidaysPage.week(Week.alt(LocalDate.of(2026, 11, 28)), tuesday))
                .isEqualTo("大小周（隔周六上班，下一个是 2026-11-28） <span class=\"en\">every other Saturday worked, the next "
                        + "on 2026-11-28</span>");
        assertThat(HolidaysPage.week(Week.alt(LocalDate.of(2026, 12, 5)), tuesday))
                .contains("the next on 2026-12-05");
    }
}
