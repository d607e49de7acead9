// pocketapi: what telling a crawler's User-Agent apart costs a counted call (issue 68), without JMH:
// the bundled crawler-user-agents list's matcher on browsers' headers (no match: the whole header is
// scanned) and on crawlers' (a match), directly and through the memory of recent headers, warmed up, then timed over a
// few million calls, best of 5
// rounds. One thread; run it on a quiet machine.
//
//   mvn -B -q package -DskipTests && java -Xmx64m -XX:+UseSerialGC -cp app/target/pocketapi.jar
// app/bench/CrawlersBench.java
import java.time.Clock;
import java.util.List;
import pocketapi.counters.Crawlers;
import pocketapi.counters.LocalCounters;
import pocketapi.counters.UserKeys;
import pocketapi.web.Family;

public class CrawlersBench {
    static final List<String> BROWSERS = List.of(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mozilla/5.0 (Linux; Android 10; HarmonyOS; ALN-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 Mobile Safari/537.36 MicroMessenger/8.0.50");
    static final List<String> CRAWLERS = List.of(
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
            "curl/8.5.0");

    public static void main(String[] args) {
        long start = System.nanoTime();
        Crawlers list = Crawlers.bundled();
        System.out.printf(
                "crawler-user-agents %s: %d patterns, read and compiled in %.1f ms%n",
                list.version(), list.size(), (System.nanoTime() - start) / 1e6);
        for (String name :
                List.of("browsers (no match)", "crawlers (a match)", "browsers, recent", "crawlers, recent")) {
            List<String> headers = name.startsWith("browsers") ? BROWSERS : CRAWLERS;
            java.util.function.Predicate<String> matcher =
                    name.endsWith("recent") ? list.recent()::matches : list::matches;
            // Each call gets a fresh copy, as each request's header is a new String (whose hash is not yet known);
            // the copy alone is timed too, and taken off.
            char[][] pool = new char[4096][];
            for (int i = 0; i < pool.length; i++) {
                pool[i] = headers.get(i % headers.size()).toCharArray();
            }
            int hits = 0;
            long copies = 0;
            for (int i = 0; i < 2_000_000; i++) {
                hits += matcher.test(new String(pool[i & 4095])) ? 1 : 0;
                copies += new String(pool[i & 4095]).length();
            }
            double best = Double.MAX_VALUE;
            double copy = Double.MAX_VALUE;
            for (int round = 0; round < 5; round++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < 2_000_000; i++) {
                    hits += matcher.test(new String(pool[i & 4095])) ? 1 : 0;
                }
                long t1 = System.nanoTime();
                for (int i = 0; i < 2_000_000; i++) {
                    copies += new String(pool[i & 4095]).length();
                }
                best = Math.min(best, (t1 - t0) / 2_000_000.0);
                copy = Math.min(copy, (System.nanoTime() - t1) / 2_000_000.0);
            }
            best -= copy;
            System.out.printf(
                    "%-20s %.0f ns a header (best of 5 rounds of 2,000,000, less %.0f ns for the copy; %d matched, %d)%n",
                    name, best, copy, hits, copies & 1);
        }
        UserKeys keys = UserKeys.random();
        for (String name : List.of(
                "visitors kept, users again",
                "visitors not kept, users again",
                "visitors kept, a new user a call",
                "visitors not kept, a new user a call")) {
            boolean sketches = name.startsWith("visitors kept");
            boolean fresh = name.endsWith("a call");
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 6; round++) {
                LocalCounters counters = new LocalCounters(Clock.systemUTC(), keys, 2_000_000, 400, 1, sketches);
                String[] users = new String[1_000_000];
                for (int i = 0; i < users.length; i++) {
                    users[i] = fresh ? "u" + round + "-" + i : "u" + (i & 1023);
                }
                long t0 = System.nanoTime();
                for (String user : users) {
                    counters.count(user, false, Family.HOLIDAYS);
                }
                if (round > 0) { // the first round warms up
                    best = Math.min(best, (System.nanoTime() - t0) / (double) users.length);
                }
            }
            System.out.printf("count, %-36s %.0f ns a call (best of 5 rounds of 1,000,000)%n", name + ":", best);
        }
    }
}
