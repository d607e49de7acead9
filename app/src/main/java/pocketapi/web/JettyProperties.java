package pocketapi.web;

/**
 * The one system property Jetty reads when its classes load that this service needs:
 * {@link HttpApi#STRICT_CONTENT_TYPES}, so that content types are sent as written. Set by {@code Main} first of all,
 * before any class can load Jetty (this class names none of them); the test build sets it in its configuration.
 */
public final class JettyProperties {
    private JettyProperties() {}

    /** Sets it. */
    public static void set() {
        System.setProperty(HttpApi.STRICT_CONTENT_TYPES, "true");
    }
}
