import io.javalin.Javalin;

/**
 * The baseline of the benchmark: the smallest Javalin service, same Javalin and Jetty as pocketapi, with a partner for
 * each kind of pocketapi answer: the same bytes every time, written the plain way.
 */
public final class Hello {
    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8081"));
        String record = "{\"date\":\"2025-10-01\",\"year\":2025,\"month\":10,\"day\":1,\"status\":\"ture\","
                + "\"isHoliday\":true,\"isWorkday\":false,\"name\":\"国庆节、中秋节\"}"; // 134 bytes, as a day record
        String detail = record.substring(0, record.length() - 1) + ",\"pad\":\"" + "x".repeat(268) + "\"}"; // 410
        String range = "[" + (record + ",").repeat(27) + record + "]"; // 3,779 bytes, as a month's records
        Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    config.routes.get("/", ctx -> ctx.result("Hello World"));
                    config.routes.get(
                            "/json",
                            ctx -> ctx.contentType("application/json; charset=utf-8")
                                    .result(record));
                    config.routes.get(
                            "/detail",
                            ctx -> ctx.contentType("application/json; charset=utf-8")
                                    .result(detail));
                    config.routes.get(
                            "/range",
                            ctx -> ctx.contentType("application/json; charset=utf-8")
                                    .result(range));
                    config.routes.get(
                            "/redirect",
                            ctx -> ctx.redirect("http://localhost:" + port + "/d/image/samples/landscape-1.png"));
                })
                .start("127.0.0.1", port);
        System.out.println("hello listening on " + port);
    }
}
