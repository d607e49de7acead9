import io.javalin.Javalin;

/** The baseline of the benchmark: the smallest Javalin service, same Javalin and Jetty as pocketapi. */
public final class Hello {
    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8081"));
        Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.routes.get("/", ctx -> ctx.result("Hello World"));
        }).start("127.0.0.1", port);
        System.out.println("hello listening on " + port);
    }
}
