package pocketapi.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoDateTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-10-01",
                "2024-02-29",
                "0000-01-01",
                "9999-12-31",
                "1901-02-19",
                "+10000-01-01",
                "-0001-12-31"
            })
    void a_date_reads_as_local_date_parse_reads_it(String text) {
        assertThat(IsoDate.parse(text)).isEqualTo(LocalDate.parse(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2027-02-30",
                "2025-02-29",
                "2026-13-01",
                "2026-00-10",
                "2026-01-00",
                "2026-1-01",
                "2026/01/01",
                "2026-01-0a",
                "２０２６-01-01",
                "2026-01-01 ",
                "",
                "20260101",
                "10000-01-01"
            })
    void what_is_no_date_fails_as_local_date_parse_fails(String text) {
        assertThatThrownBy(() -> LocalDate.parse(text)).isInstanceOf(DateTimeException.class);
        assertThatThrownBy(() -> IsoDate.parse(text)).isInstanceOf(DateTimeException.class);
    }

    @Test
    void ten_thousand_random_texts_of_the_shape_read_alike() {
        Random random = new Random(55);
        String chars = "0123456789-+/a";
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            StringBuilder t = new StringBuilder();
            for (int c = 0; c < 10; c++) {
                t.append(c == 4 || c == 7 ? '-' : chars.charAt(random.nextInt(i % 2 == 0 ? 10 : chars.length())));
            }
            texts.add(t.toString());
        }
        for (String text : texts) {
            assertThat(read(IsoDate::parse, text)).as(text).isEqualTo(read(LocalDate::parse, text));
        }
    }

    private static Object read(java.util.function.Function<String, LocalDate> parse, String text) {
        try {
            return parse.apply(text);
        } catch (DateTimeException e) {
            return "no date";
        }
    }
}
