package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import pocketapi.web.TestServer;

/**
 * The landing page in a real headless browser: Debian's chromium and chromedriver. Skipped when they are not installed,
 * unless POCKETAPI_REQUIRE_TOOLS=1 (CI sets it) makes that a failure. Screenshots go to target/screenshots/ for a
 * person to look at.
 */
class LandingPageBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One browser for the class (a start costs seconds): each test opens its own server's page in it. */
    private static ChromeDriver browser;

    private static Dimension firstSize;

    @TempDir
    static Path profile;

    @BeforeAll
    static void start() {
        RequiredTools.require("chromium chromium-driver", CHROMIUM, CHROMEDRIVER);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // The flags that keep Chromium from reaching out to the network on its own.
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL", LogType.PERFORMANCE, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(service, options);
        firstSize = browser.manage().window().getSize();
    }

    @AfterAll
    static void quit() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * Before each test: the window as the browser started it, and the console and network logs of the tests before read
     * and dropped (reading them empties them), so a test sees its own page's alone.
     */
    @BeforeEach
    void fresh() {
        browser.manage().window().setSize(firstSize);
        browser.manage().logs().get(LogType.BROWSER);
        browser.manage().logs().get(LogType.PERFORMANCE);
    }

    @Test
    void the_page_loads_offline_with_numbers_a_picture_this_years_calendar_and_no_errors() {
        // 2026-05-06 in UTC+8: the next break is 端午节, 44 days away.
        MutableClock clock = new MutableClock("2026-05-06T02:00:00Z");
        TestServer.run(TestApps.app(clock), server -> {
            // Four calls of the API's users, before anyone looks at the page: the page's own are not counted.
            for (String path :
                    List.of("/api/holidays", "/api/holidays?type=alarm", "/api/holidays/detail", "/img/url")) {
                assertThat(server.get(path).statusCode()).isEqualTo(200);
            }
            browser.manage().window().setSize(new Dimension(1280, 900));
            browser.get(server.origin() + "/");
            awaitLoaded(browser);
            screenshot(browser, "landing-desktop.png");
            assertThat(linesStartingWithPunctuation(browser)).isEmpty();
            assertBadge(browser, server.origin());
            assertThat(text(browser, "total"))
                    .as("the page's own calls are not counted")
                    .isEqualTo("4");

            browser.manage().window().setSize(new Dimension(390, 844));
            browser.navigate().refresh();
            awaitLoaded(browser);
            screenshot(browser, "landing-phone.png");
            assertThat(linesStartingWithPunctuation(browser)).isEmpty();
            // At the top: today's and tomorrow's answer (2026-05-06 and -07 are ordinary weekdays).
            // The API's word shown as the API's, with its meaning, not as a typo.
            assertThat(text(browser, "day-today"))
                    .startsWith("今天 5月6日 周三")
                    .contains("work 上班 · 工作日 · 接口值 flase = 普通日", "the API's value flase = an ordinary day");
            assertThat(text(browser, "day-tomorrow"))
                    .startsWith("明天 5月7日 周四")
                    .contains("work 上班 · 工作日 · 接口值 flase = 普通日");
            assertPhoneWidth(browser);
            assertThat(text(browser, "total")).as("nor those of a second view").isEqualTo("4");
            assertThat(text(browser, "updates")).contains("added by itself");

            assertCalendar(browser);
            assertForecast(browser);
            assertChart(browser);
            assertRegionSwitch(browser);
            assertThat(severeConsoleEntries(browser)).isEmpty();
            // The last day of the data, where the regions' next day (2027-01-01, in their data) and the
            // mainland's (not) differ.
            clock.set("2026-12-31T02:00:00Z");
            assertRegionFragment(browser, server.origin());
            assertThat(severeConsoleEntries(browser))
                    .as("no script error; the mainland's next break, after its data, is a 404 Chromium logs")
                    .allMatch(e -> e.endsWith("/api/holidays/next - Failed to load resource: the server "
                            + "responded with a status of 404 (Not Found)"));
            assertThat(requestedUrls(browser))
                    .isNotEmpty()
                    .allSatisfy(url -> assertThat(url).startsWith(server.origin() + "/"))
                    .anySatisfy(url -> assertThat(url).startsWith(server.origin() + "/d/image/samples/"))
                    .anySatisfy(url -> assertThat(url).isEqualTo(server.origin() + "/api/info"));
            assertReference(browser, server);
        });
    }

    @Test
    void in_late_november_the_page_says_why_next_year_is_missing_in_both_languages_not_the_apis_error() {
        java.time.Clock november = TestApps.at("2026-11-23T02:00:00Z");
        pocketapi.holidays.HolidayCalendar calendar = TestApps.calendar(november);
        // Never reached a source for 2027 (no updater runs here): not fetched, not "not published".
        assertThat(nextLine(TestApps.app(november)))
                .startsWith("今年余下没有假期了；2027 年的放假安排还没有取得，取得后这里会自动显示。")
                .endsWith("No more breaks this year; 2027's arrangement has not been fetched yet; it shows "
                        + "here once it is.")
                .doesNotContain("no break on or after", "holiday data");
        // A source answered with a placeholder: not published yet.
        assertThat(nextLine(TestApps.app(new pocketapi.holidays.LiveCalendar(calendar.withNotPublished(2027)))))
                .startsWith("今年余下没有假期了；2027 年的放假安排尚未发布，发布后这里会自动显示。")
                .endsWith(
                        "No more breaks this year; 2027's arrangement is not published yet; it shows here once it is.");
    }

    @Test
    void with_updates_off_the_page_never_says_next_year_comes_by_itself() {
        java.time.Clock december = TestApps.at("2026-12-31T02:00:00Z");
        List<String> page =
                texts(TestApps.app(Map.of("HOLIDAY_UPDATE_URL", "off"), december), "next", "day-tomorrow", "body");
        assertThat(page.get(0))
                .isEqualTo("今年余下没有假期了；2027 年的放假安排不在数据中，自动更新已关闭。\n"
                        + "No more breaks this year; 2027's arrangement is not in the data, and "
                        + "automatic updates are off.");
        assertThat(page.get(1))
                .contains(
                        "明天 1月1日 周五",
                        "不在数据中",
                        "2027's holiday arrangement is not in the built-in data, and updates are off");
        assertThat(page.get(2)).contains("Automatic updates are off").doesNotContain("by itself", "自动显示", "自动加入");
    }

    /**
     * The reference page, {@code /docs}, linked from the landing page: Swagger UI shows an operation for every path of
     * /openapi.json, with everything it loads from this service alone, and no script error.
     */
    private static void assertReference(ChromeDriver browser, TestServer server) throws Exception {
        JavascriptExecutor js = browser;
        assertThat(js.executeScript("return Array.from(document.querySelectorAll('footer a'))"
                        + ".map(function (a) { return a.getAttribute('href'); })"))
                .asList()
                .contains("/docs");
        List<String> paths = new ArrayList<>();
        MAPPER.readTree(server.get("/openapi.json").body())
                .get("paths")
                .fieldNames()
                .forEachRemaining(paths::add);
        browser.get(server.origin() + "/docs");
        awaitScript(browser, "return document.querySelectorAll('.opblock').length === " + paths.size());
        screenshot(browser, "docs.png");
        assertThat(js.executeScript("return Array.from(document.querySelectorAll('.opblock-summary-path'))"
                        + ".map(function (p) { return p.getAttribute('data-path'); })"))
                .asList()
                .containsExactlyInAnyOrderElementsOf(paths);
        assertThat(severeConsoleEntries(browser)).isEmpty();
        assertThat(requestedUrls(browser))
                .contains(server.origin() + "/docs", server.origin() + "/openapi.json")
                .allSatisfy(url -> assertThat(url).startsWith(server.origin() + "/"));
    }

    /**
     * Punctuation that a line starts with (a "：" wrapped onto a line of its own): each mark whose box starts below the
     * character before it in the page's text.
     */
    private static List<String> linesStartingWithPunctuation(ChromeDriver browser) {
        String script = """
                var out = [], prev = null;
                var walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
                for (var node = walker.nextNode(); node; node = walker.nextNode()) {
                  for (var i = 0; i < node.data.length; i++) {
                    if (/\\s/.test(node.data[i])) { continue; }
                    var range = document.createRange();
                    range.setStart(node, i); range.setEnd(node, i + 1);
                    var box = range.getBoundingClientRect();
                    if (box.width === 0 && box.height === 0) { continue; }
                    if (/[：:，,。；;、）)]/.test(node.data[i]) && prev && box.top >= prev.bottom - 2) {
                      out.push(node.data.trim().slice(0, 40) + " (" + window.innerWidth + " px)");
                    }
                    prev = box;
                  }
                }
                return out;""";
        @SuppressWarnings("unchecked")
        List<String> found = (List<String>) ((JavascriptExecutor) browser).executeScript(script);
        return found;
    }

    /** The page's "next break" line once it has been filled in. */
    private static String nextLine(io.javalin.Javalin app) {
        return texts(app, "next").get(0);
    }

    /** The text of each element by id ({@code body}: the whole page), once the "next break" line is filled in. */
    private static List<String> texts(io.javalin.Javalin app, String... ids) {
        List<String> texts = new ArrayList<>();
        TestServer.run(app, server -> {
            browser.get(server.origin() + "/");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (text(browser, "next").equals("…") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            for (String id : ids) {
                texts.add(
                        id.equals("body")
                                ? browser.findElement(org.openqa.selenium.By.tagName("body"))
                                        .getText()
                                : text(browser, id));
            }
        });
        return texts;
    }

    /** The totals show as numbers, the picture has loaded, this year and next year's forecast are drawn. */
    private static void awaitLoaded(ChromeDriver browser) throws InterruptedException {
        String loaded = "const img = document.getElementById('picture');"
                + "return /^[0-9,]+$/.test(document.getElementById('total').textContent)"
                + " && /^[0-9,]+$/.test(document.getElementById('today').textContent)"
                + " && img.complete && img.naturalWidth > 0 && document.getElementById('badge').complete"
                + " && document.querySelectorAll('#months .month').length === 12"
                + " && document.querySelectorAll('#forecast-months .month').length === 12"
                + " && document.getElementById('next').textContent !== '…';";
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!Boolean.TRUE.equals(((JavascriptExecutor) browser).executeScript(loaded))) {
            if (System.nanoTime() > deadline) {
                fail("the totals or the picture did not load: total=" + text(browser, "total") + ", today="
                        + text(browser, "today"));
            }
            Thread.sleep(50);
        }
        assertThat(text(browser, "total")).matches("[0-9,]+");
        assertThat(text(browser, "today")).matches("[0-9,]+");
    }

    /**
     * Next year's forecast, shown while 2027 is unpublished: twelve months, 28 days off (元旦 3, 春节 8, 清明 3, 劳动节 5, 端午
     * and 中秋 1 each, 国庆 7), 5 make-up days, the 13 statutory days.
     */
    private static void assertForecast(ChromeDriver browser) {
        JavascriptExecutor js = browser;
        assertThat(js.executeScript("return document.querySelectorAll('#forecast-months .month').length"))
                .isEqualTo(12L);
        assertThat(js.executeScript("return document.getElementById('forecast').hidden"))
                .isEqualTo(false);
        assertThat(text(browser, "forecast-title")).isEqualTo("2027 年");
        assertThat(js.executeScript("return document.querySelectorAll('#forecast-months td.off').length"))
                .isEqualTo(28L);
        assertThat(js.executeScript("return document.querySelectorAll('#forecast-months td.work').length"))
                .isEqualTo(5L);
        assertThat(js.executeScript("return document.querySelectorAll('#forecast-months td.statutory').length"))
                .isEqualTo(13L);
    }

    /**
     * Hong Kong chosen: 2026 drawn anew from its 11 breaks (28 days with the weekends next to them, no make-up day, its
     * statutory days marked), its next break named, the section's links carrying region=hk (the forecast's not); the
     * mainland chosen again, its year back.
     */
    private static void assertRegionSwitch(ChromeDriver browser) throws InterruptedException {
        JavascriptExecutor js = browser;
        String choose = "const s = document.getElementById('region'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('change'));";
        js.executeScript(choose, "hk");
        awaitScript(
                browser,
                "return document.querySelectorAll('#months td.off').length === 28"
                        + " && document.getElementById('next').textContent.indexOf('佛誕') >= 0");
        assertThat(js.executeScript("return document.querySelectorAll('#months td.work').length"))
                .isEqualTo(0L);
        // Its statutory days (the Labour Department's table of the Employment Ordinance's): 01-01, 02-17 to 19, 04-05
        // (a
        // Sunday), 04-06, 05-01, 05-24 (a Sunday), 06-19, 07-01, 09-26, 10-01, 10-18 (a Sunday), 12-26.
        assertThat(js.executeScript("return document.querySelectorAll('#months td.statutory').length"))
                .isEqualTo(14L);
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-04-06\"]').title"))
                .isEqualTo("復活節、清明節 休 · 法定假日");
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-04-07\"]').title"))
                .isEqualTo("復活節、清明節 休"); // 復活節星期一翌日: a general holiday standing in, no statutory one
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-04-03\"]').title"))
                .isEqualTo("復活節、清明節 休"); // Good Friday: a general holiday, statutory only from 2028
        assertThat(text(browser, "next")).contains("下一个假期：佛誕，还有 17 天（05-23 至 05-25，共 3 天）");
        assertThat(js.executeScript("return Array.from(document.querySelectorAll('#arrangement a.ex'))"
                        + ".map(function (a) { return a.getAttribute('href'); }).join(' ')"))
                .isEqualTo("/api/holidays/year?region=hk "
                        + "/api/holidays/next?region=hk /api/holidays/forecast /api/holidays.ics?region=hk "
                        + "/api/holidays.ics?lang=en&region=hk");
        js.executeScript(choose, "cn");
        awaitScript(
                browser,
                "return document.querySelectorAll('#months td.off').length === 33"
                        + " && document.getElementById('next').textContent.indexOf('端午节') >= 0");
    }

    private static void awaitScript(ChromeDriver browser, String condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!Boolean.TRUE.equals(((JavascriptExecutor) browser).executeScript(condition))) {
            if (System.nanoTime() > deadline) {
                fail("not reached in 15 s: " + condition);
            }
            Thread.sleep(50);
        }
    }

    /** Twelve month grids of 2026 with its 33 days off and 6 make-up days, today marked, the next break named. */
    private static void assertCalendar(ChromeDriver browser) {
        JavascriptExecutor js = browser;
        assertThat(js.executeScript("return document.querySelectorAll('#months .month').length"))
                .isEqualTo(12L);
        assertThat(js.executeScript("return document.querySelectorAll('#months td[data-date]').length"))
                .isEqualTo(365L);
        assertThat(js.executeScript("return document.querySelectorAll('#months td.off').length"))
                .isEqualTo(33L);
        assertThat(js.executeScript("return document.querySelectorAll('#months td.work').length"))
                .isEqualTo(6L);
        assertThat(js.executeScript("return Array.from(document.querySelectorAll('#months td.today'))"
                        + ".map(function (c) { return c.getAttribute('data-date'); }).join()"))
                .isEqualTo("2026-05-06");
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-02-14\"]').className"))
                .isEqualTo("weekend work");
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-10-04\"]').title"))
                .isEqualTo("国庆节 休");
        // The 13 statutory holidays of 2026 (除夕 and 5-2 since 2025) are marked, 10-01 among them.
        assertThat(js.executeScript("return document.querySelectorAll('#months td.statutory').length"))
                .isEqualTo(13L);
        assertThat(js.executeScript("return document.querySelector('td[data-date=\"2026-10-01\"]').title"))
                .isEqualTo("国庆节 休 · 法定节假日");
        assertThat(text(browser, "year-title")).isEqualTo("2026 年");
        assertThat(text(browser, "next"))
                .contains(
                        "下一个假期：端午节，还有 44 天（06-19 至 06-21，共 3 天）",
                        "Next break: 端午节, in 44 days (2026-06-19 to 2026-06-21, 3 days)");
        assertThat(text(browser, "covered")).isEqualTo("2020-01-01 – 2026-12-31");
    }

    /**
     * The badge of the first view, rendered at the width the server worked out for "calls" and one digit (the four
     * calls made before; the page's own are not counted), and its Markdown line for this origin.
     */
    private static void assertBadge(ChromeDriver browser, String origin) {
        JavascriptExecutor js = browser;
        assertThat(js.executeScript("var b = document.getElementById('badge'); return [b.complete, "
                        + "b.naturalWidth, b.naturalHeight]"))
                .isEqualTo(List.of(true, 51L, 20L));
        assertThat(text(browser, "badge-md")).isEqualTo("![calls](" + origin + "/api/badge.svg)");
    }

    /**
     * The chart, drawn by the server: on a fresh install the week up to today (not one bar at the right of thirty
     * days), today's bar the four calls made before the page was opened (by one caller, no crawler: one visitor), none
     * of the page's own.
     */
    private static void assertChart(ChromeDriver browser) {
        JavascriptExecutor js = browser;
        assertThat(js.executeScript("return document.querySelectorAll('#chart svg.chart > g').length"))
                .isEqualTo(7L);
        assertThat(js.executeScript(
                        "return document.querySelector('#chart svg.chart > g:last-of-type title').textContent"))
                .isEqualTo(
                        "2026-05-06: 4 calls · holidays 3 · pictures 1 · info 0 · other 0 · crawlers 0 · visitors 1");
        assertThat(js.executeScript(
                        "return document.querySelectorAll('#chart svg.chart > g:last-of-type rect').length"))
                .as("the hover area and two families")
                .isEqualTo(3L);
    }

    /**
     * At a phone's width (390 px): the chart's labels are readable (10 px or more on the screen), no pill breaks inside
     * a name or a value (each part of a link, between the places it may break, is on one line), no code is broken, "1
     * day" is singular.
     */
    private static void assertPhoneWidth(ChromeDriver browser) {
        JavascriptExecutor js = browser;
        Number label = (Number) js.executeScript("var svg = document.querySelector('#chart svg.chart');"
                + "var t = svg.querySelector('text');"
                + "return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / 600;");
        assertThat(label.doubleValue())
                .as("the chart's labels, in px on the screen")
                .isGreaterThanOrEqualTo(10.0);
        assertThat(js.executeScript("var broken = [];"
                        + "document.querySelectorAll('a.ex').forEach(function (a) {"
                        + "  a.childNodes.forEach(function (n) {"
                        + "    if (n.nodeName === 'WBR') { return; }"
                        + "    var r = document.createRange(); r.selectNodeContents(n);"
                        + "    var tops = new Set(Array.from(r.getClientRects()).map(function (x) {"
                        + "      return Math.round(x.top); }));"
                        + "    if (tops.size > 1) { broken.push(n.textContent); }"
                        + "  });"
                        + "});"
                        + "document.querySelectorAll('code').forEach(function (c) {"
                        + "  var tops = new Set(Array.from(c.getClientRects()).map(function (x) {"
                        + "    return Math.round(x.top); }));"
                        + "  if (tops.size > 1) { broken.push(c.textContent); }"
                        + "});"
                        + "return broken;"))
                .as("pills and code broken across lines")
                .isEqualTo(List.of());
        assertThat(js.executeScript("return document.querySelectorAll('a.ex wbr').length"))
                .as("the places a long link may break")
                .isNotEqualTo(0L);
        assertThat(js.executeScript("return [plural(1), plural(3)]")).isEqualTo(List.of("1 day", "3 days"));
        assertThat(js.executeScript("var wide = [];"
                        + "document.querySelectorAll('main *').forEach(function (e) {"
                        + "  var r = e.getBoundingClientRect();"
                        + "  if (r.right > window.innerWidth + 1 && e.children.length === 0) {"
                        + "    wide.push(e.tagName + ' ' + e.textContent.slice(0, 40) + ' ' + Math.round(r.right));"
                        + "  }"
                        + "});"
                        + "return wide.slice(0, 8);"))
                .as("nothing wider than the phone's screen")
                .isEqualTo(List.of());
    }

    /**
     * {@code #region=hk} on 2026-12-31 opens Hong Kong: today's and tomorrow's cards its answers (tomorrow 一月一日, a
     * general holiday in its data, where the mainland's 2027 is not), its grid, its words in the legend (no make-up
     * day), no mainland forecast under it; choosing Taiwan writes {@code #region=tw} and draws its cards, the mainland
     * clears the fragment and its cards are back.
     */
    private static void assertRegionFragment(ChromeDriver browser, String origin) throws InterruptedException {
        JavascriptExecutor js = browser;
        browser.get(origin + "/#region=hk");
        browser.navigate().refresh(); // loaded anew, as drawn on the new day (the fragment alone changes no page)
        awaitScript(
                browser,
                "return document.getElementById('region').value === 'hk'"
                        + " && document.querySelectorAll('#months td.off').length === 28"
                        + " && document.getElementById('day-tomorrow').textContent.indexOf('香港') >= 0");
        assertThat(text(browser, "day-today"))
                .startsWith("今天 12月31日 周四 · 香港\nToday, 2026-12-31, Hong Kong\n")
                .contains("work 上班 · 工作日 · 接口值 flase = 普通日", "the API's value flase = an ordinary day");
        assertThat(text(browser, "day-tomorrow"))
                .startsWith("明天 1月1日 周五 · 香港\nTomorrow, 2027-01-01, Hong Kong\n")
                .contains("vacation 休息 · 一月一日 · ", "接口值 ture = 法定节假日休息")
                .doesNotContain("不在数据中");
        assertThat(text(browser, "legend-statutory")).contains("法定假日", "Employment Ordinance");
        assertThat(js.executeScript("return document.getElementById('legend-work').hidden"))
                .isEqualTo(true);
        assertThat(js.executeScript("return getComputedStyle(document.getElementById('forecast')).display"))
                .isEqualTo("none");
        String choose = "const s = document.getElementById('region'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('change'));";
        js.executeScript(choose, "tw");
        assertThat(js.executeScript("return location.hash")).isEqualTo("#region=tw");
        assertThat(text(browser, "legend-work")).contains("補行上班");
        awaitScript(browser, "return document.getElementById('day-tomorrow').textContent.indexOf('臺灣') >= 0");
        assertThat(text(browser, "day-tomorrow"))
                .contains("Taiwan", "vacation 休息")
                .doesNotContain("香港");
        js.executeScript(choose, "cn");
        assertThat(js.executeScript("return location.hash")).isEqualTo("");
        awaitScript(browser, "return document.querySelectorAll('#months td.off').length === 33");
        assertThat(text(browser, "day-tomorrow"))
                .startsWith("明天 1月1日 周五\nTomorrow, 2027-01-01\n")
                .contains("不在数据中", "2027's holiday arrangement is not fetched yet");
        assertThat(text(browser, "legend-statutory")).contains("法定节假日", "3× pay");
        assertThat(js.executeScript("return getComputedStyle(document.getElementById('forecast')).display"))
                .isNotEqualTo("none");
    }

    private static String text(ChromeDriver browser, String id) {
        return browser.findElement(org.openqa.selenium.By.id(id)).getText();
    }

    private static List<String> severeConsoleEntries(ChromeDriver browser) {
        List<String> severe = new ArrayList<>();
        for (LogEntry entry : browser.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
                severe.add(entry.getMessage());
            }
        }
        return severe;
    }

    /**
     * Every network URL the browser asked for, redirects included, from Chromium's network events. Browser-internal
     * schemes (its own chrome:// pages, data:, blob:) never leave the machine.
     */
    private static List<String> requestedUrls(ChromeDriver browser) throws Exception {
        List<String> urls = new ArrayList<>();
        for (LogEntry entry : browser.manage().logs().get(LogType.PERFORMANCE)) {
            JsonNode message = MAPPER.readTree(entry.getMessage()).get("message");
            if ("Network.requestWillBeSent".equals(message.path("method").asText())) {
                String url = message.at("/params/request/url").asText();
                if (!url.matches("^(chrome|chrome-untrusted|devtools|data|blob|about):.*")) {
                    urls.add(url);
                }
            }
        }
        return urls;
    }

    /** The whole page, not only the window: the window is made as tall as the page first. */
    private static void screenshot(ChromeDriver browser, String name) throws Exception {
        Dimension window = browser.manage().window().getSize();
        long height =
                (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollHeight");
        browser.manage().window().setSize(new Dimension(window.getWidth(), (int) Math.min(height + 140, 6000)));
        Path dir = Files.createDirectories(Path.of("target", "screenshots"));
        File shot = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        browser.manage().window().setSize(window);
    }
}
