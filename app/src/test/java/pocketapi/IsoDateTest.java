package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDate;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.util.IsoDate;

class IsoDateTest {
    @ParameterizedTest
    @ValueSource(strings = {"2020-01-01", "2024-02-29", "2026-12-31", "0001-01-01"})
    void reads_real_dates_like_local_date_parse(String text) {
        assertThat(IsoDate.parse(text)).isEqualTo(LocalDate.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2025-1-01", "2025/01/01", "2025-02-30", "2023-02-29", "2025-13-01", "2025-00-10",
        "+2025-01-01", "2025-01-0a", "20250101", "2025-01-01 ", "٢٠٢٥-01-01"})
    void refuses_anything_else(String text) {
        assertThatThrownBy(() -> IsoDate.parse(text)).isInstanceOf(DateTimeException.class);
    }
}
