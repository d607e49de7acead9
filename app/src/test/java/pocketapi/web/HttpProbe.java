package pocketapi.web;

import pocketapi.TestApps;
import pocketapi.holidays.LiveCalendar;

/** One GET on the production wiring over a calendar, for tests outside the HTTP package. */
public final class HttpProbe {
    private HttpProbe() {}

    /** The body {@code path} answers, served from {@code calendar}. */
    public static String get(LiveCalendar calendar, String path) {
        String[] body = new String[1];
        TestServer.run(
                TestApps.app(calendar), server -> body[0] = server.get(path).body());
        return body[0];
    }
}
