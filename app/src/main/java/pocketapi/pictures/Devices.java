package pocketapi.pictures;

import java.util.List;
import java.util.Locale;

/** Decides whether a request comes from a phone or tablet (docs/pictures.md). Stateless. */
public final class Devices {
    // Lower-case tokens of phone and tablet browsers; "mobi" also covers "Mobile" and "Mobile Safari".
    private static final List<String> MOBILE_TOKENS = List.of(
            "mobi",
            "android",
            "iphone",
            "ipad",
            "ipod",
            "windows phone",
            "harmonyos",
            "openharmony",
            "blackberry",
            "opera mini",
            "iemobile",
            "webos");

    private Devices() {}

    /**
     * @param secChUaMobile the {@code Sec-CH-UA-Mobile} header, or null
     * @param userAgent the {@code User-Agent} header, or null
     * @return true for the portrait pool: {@code Sec-CH-UA-Mobile: ?1}, or a phone/tablet User-Agent
     */
    public static boolean isMobile(String secChUaMobile, String userAgent) {
        if (secChUaMobile != null && secChUaMobile.strip().equals("?1")) {
            return true;
        }
        if (userAgent == null) {
            return false;
        }
        String ua = userAgent.toLowerCase(Locale.ROOT);
        for (String token : MOBILE_TOKENS) {
            if (ua.contains(token)) {
                return true;
            }
        }
        return false;
    }
}
