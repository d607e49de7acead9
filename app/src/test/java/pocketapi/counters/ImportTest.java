package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The exports {@code pocketapi --import} reads, and the ones it refuses, naming the line. */
class ImportTest {
    private static final long TODAY = LocalDate.parse("2026-05-01").toEpochDay();

    private static long day(String date) {
        return LocalDate.parse(date).toEpochDay();
    }

    private static Import read(String csv) throws Exception {
        return Import.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), TODAY);
    }

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** GoatCounter's CSV export, version 2 (goatcounter.com/help/export): one pageview a row. */
    static final String GOATCOUNTER = """
            2Path,Title,Event,UserAgent,Browser,System,Session,Bot,Referrer,Referrer scheme,Screen size,Location,\
            FirstVisit,Date
            /,"Home, sweet \"\"home\"\"",false,,Firefox 133,Linux,1,0,,,"1920,1080,1",NL,true,2026-04-29T10:00:00Z
            /about,"Two
            lines",false,,Chrome 131,Windows 10,2,0,https://example.com,h,,DE,true,2026-04-30T16:30:00Z
            /,Home,false,,,,3,1,,,,,false,2026-04-30T15:59:59Z
            click-me,Click,true,,,,3,0,,,,,false,2026-04-30T17:00:00Z
            """;

    @Test
    void goatcounters_export_counts_each_pageview_on_its_utc8_day_a_crawlers_apart_and_events_left_out()
            throws Exception {
        Import gc = read(GOATCOUNTER);
        assertThat(gc.shape()).isEqualTo("GoatCounter's export");
        // 10:00 UTC is 18:00 on 29 April in UTC+8; 16:30 UTC on 30 April is 00:30 on 1 May; 15:59:59 is 23:59:59.
        assertThat(gc.days()).containsOnlyKeys(day("2026-04-29"), day("2026-04-30"), day("2026-05-01"));
        assertThat(gc.days().get(day("2026-04-29"))).containsExactly(1, 0);
        assertThat(gc.days().get(day("2026-04-30"))).containsExactly(1, 1);
        assertThat(gc.days().get(day("2026-05-01"))).containsExactly(1, 0);
        assertThat(List.of(gc.calls(), gc.bots(), gc.undated())).containsExactly(3L, 1L, 0L);
        assertThat(gc.id()).matches("sha256:[0-9a-f]{64}");
        // As GoatCounter hands it out, gzipped: the same import.
        Import gzipped = Import.read(new ByteArrayInputStream(gzip(GOATCOUNTER)), TODAY);
        assertThat(List.of(gzipped.id(), gzipped.calls(), gzipped.bots())).isEqualTo(List.of(gc.id(), 3L, 1L));
    }

    @Test
    void plausibles_imported_visitors_give_each_days_pageviews() throws Exception {
        Import plausible = read("""
                date,visitors,pageviews,bounces,visits,visit_duration
                2026-04-01,10,25,3,12,600
                2026-04-02,4,\\N,1,4,20
                2026-04-03,2,7,0,2,
                """);
        assertThat(plausible.shape()).isEqualTo("Plausible's export");
        assertThat(plausible.days()).containsOnlyKeys(day("2026-04-01"), day("2026-04-02"), day("2026-04-03"));
        assertThat(plausible.days().get(day("2026-04-01"))).containsExactly(25, 0);
        assertThat(plausible.days().get(day("2026-04-02")))
                .as("\\N: no pageview")
                .containsExactly(0, 0);
        assertThat(plausible.days().get(day("2026-04-03"))).containsExactly(7, 0);
        assertThat(plausible.calls()).isEqualTo(32);
    }

    @Test
    void rows_of_date_and_count_and_one_total_are_a_starting_count() throws Exception {
        Import bare = read("date,count\r\n2026-04-30,5\r\n\r\n2026-04-30,2\r\ntotal,1000\r\n");
        assertThat(bare.shape()).isEqualTo("rows of date,count");
        assertThat(bare.undated()).isEqualTo(1_000);
        assertThat(bare.days()).containsOnlyKeys(day("2026-04-30"));
        assertThat(bare.days().get(day("2026-04-30"))).containsExactly(7, 0);
        assertThat(bare.calls()).isEqualTo(1_007);
        assertThat(read("total,123456").calls()).isEqualTo(123_456);
        assertThat(read("\uFEFFtotal,1\n").undated())
                .as("a byte order mark first")
                .isEqualTo(1);
        assertThat(read("total,1\n").id())
                .as("another content, another import")
                .isNotEqualTo(read("total,2\n").id())
                .isEqualTo(read("total,1\n").id());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            2026-13-01,5                                 | 1 | "2026-13-01" is not a date YYYY-MM-DD
            total,1\\n2026-04-01,x                        | 2 | "x" is not a count: a whole number from 0 to 1000000000000 expected
            total,1\\n2026-04-01,-3                       | 2 | "-3" is not a count
            total,1\\ntotal,2                             | 2 | a second total: a file has one at most
            2026-05-02,1                                 | 1 | 2026-05-02 is after today (2026-05-01, UTC+8)
            2026-04-01,1,2                               | 1 | not an export pocketapi reads
            total,1\\n2026-04-01,1,2                      | 2 | a row of 3 fields: expected YYYY-MM-DD,N or total,N
            date,count\\n                                 | 0 | holds no calls to add
            2Path,Title,Event,Bot\\n/,x,false,0           | 1 | GoatCounter's export without a Date column
            date,pageviews\\n2026-04-01,"5\\n2026-04-02,1  | 2 | a quote that is never closed
            date,pageviews\\n2026-04-01                   | 2 | a row of 1 fields, without its pageviews
            total,1000000000001                          | 1 | 1000000000001 is more than 1000000000000
            """)
    void a_file_that_is_no_export_is_refused_naming_its_line(String csv, long line, String message) {
        assertThatThrownBy(() -> read(csv.replace("\\n", "\n")))
                .isInstanceOf(Import.Refused.class)
                .hasMessageStartingWith(message)
                .extracting(e -> ((Import.Refused) e).line())
                .isEqualTo(line);
    }

    @Test
    void a_count_that_is_not_utf8_or_a_gzip_cut_short_is_refused() throws Exception {
        byte[] latin1 = "total,1\n2026-04-01,\u00b9\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> Import.read(new ByteArrayInputStream(latin1), TODAY))
                .hasMessageStartingWith("\"\uFFFD\" is not a count")
                .extracting(e -> ((Import.Refused) e).line())
                .isEqualTo(2L);
        byte[] gz = gzip(GOATCOUNTER);
        assertThatThrownBy(() -> Import.read(new ByteArrayInputStream(java.util.Arrays.copyOf(gz, 40)), TODAY))
                .isInstanceOf(Import.Refused.class)
                .hasMessageStartingWith("is not a whole gzip file");
        assertThatThrownBy(() -> read("")).hasMessage("is empty");
        String longField = "total,\"" + "1".repeat(Import.MAX_FIELD + 1) + "\"";
        assertThatThrownBy(() -> read(longField)).hasMessageStartingWith("a field longer than 65536 characters");
    }
}
