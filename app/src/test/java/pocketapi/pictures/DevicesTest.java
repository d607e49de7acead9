package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;

class DevicesTest {

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/DevicesTest.csv", delimiter = '|', quoteCharacter = '\'')
    void the_user_agent_picks_the_pool(String device, String pool, String userAgent) {
        assertThat(Devices.isMobile(null, userAgent) ? "portrait" : "landscape").isEqualTo(pool);
    }

    @ParameterizedTest(name = "Sec-CH-UA-Mobile {0} with a desktop UA -> mobile {1}")
    @CsvSource({"?1, true", "' ?1 ', true", "?0, false", "'', false", "1, false"})
    void the_client_hint_picks_portrait_only_when_it_is_question_mark_1(String hint, boolean mobile) {
        String desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                + "Chrome/126.0.0.0 Safari/537.36";
        assertThat(Devices.isMobile(hint, desktop)).isEqualTo(mobile);
    }

    @org.junit.jupiter.api.Test
    void no_headers_at_all_is_landscape() {
        assertThat(Devices.isMobile(null, null)).isFalse();
    }
}
