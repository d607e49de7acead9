package pocketapi.pictures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReferersTest {
    private static final Referers ALLOWED = new Referers(java.util.List.of("example.com", "*.example.org"));

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '~', textBlock = """
            https://example.com/blog                 ~ true
            https://example.com./blog                ~ true
            https://EXAMPLE.com:8443/x               ~ true
            https://example.com/?q=a|b               ~ true
            https://example.com/%                    ~ true
            https://www.example.org/                 ~ true
            https://user:pw@example.com/             ~ true
            https://example.com.attacker.net/        ~ false
            https://example.com@attacker.net/        ~ false
            https://attacker.net\\\\@example.com/     ~ false
            https://attacker.net/?r=https://example.com/ ~ false
            https://notexample.com/                  ~ false
            not a url                                ~ false
            //example.com/                           ~ false
            """)
    void a_referer_is_read_leniently_without_letting_another_host_through(String referer, boolean allowed) {
        assertThat(ALLOWED.allows(referer, "api.example.net")).isEqualTo(allowed);
    }
}
