package pocketapi.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DateTimeException;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class IsoDateTest {
    @Test
    void a_date_is_read_as_local_date_parse_reads_it() {
        String[] dates = {
            "2026-10-01", "2024-02-29", "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01",
            "9999-12-31", "+10000-01-01", "-0001-01-01", "2026-1-01", "2026-01-1", "2026/01/01", "2026-01-01x",
            "２０２６-01-01", "2026-0a-01", "20261001", "", "2026-01-01T00:00"
        };
        for (String v : dates) {
            Object expected;
            try {
                expected = LocalDate.parse(v);
            } catch (DateTimeException e) {
                expected = DateTimeException.class;
            }
            Object read;
            try {
                read = IsoDate.parse(v);
            } catch (DateTimeException e) {
                read = DateTimeException.class;
            }
            assertThat(read).as(v).isEqualTo(expected);
        }
    }

    @Test
    void a_date_is_written_as_local_date_writes_it() {
        for (long day = LocalDate.of(999, 12, 25).toEpochDay();
                day <= LocalDate.of(10_000, 1, 5).toEpochDay();
                day += 13) {
            LocalDate date = LocalDate.ofEpochDay(day);
            assertThat(IsoDate.format(date)).isEqualTo(date.toString());
        }
    }
}
