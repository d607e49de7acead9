package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;
import pocketapi.logging.Throttle;

/**
 * The graceful stop, Jetty's {@link GracefulHandler} as the service wires it: once the server stops, a request under
 * way is answered, and the stop waits for it; one that comes during the stop, on a connection already open, is answered
 * 503 with the service's JSON error, and logged as what it is.
 */
class GracefulStopTest {

    @Test
    void a_stop_waits_for_the_request_under_way_and_answers_a_new_one_503() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        connector.setShutdownIdleTimeout(30_000); // the connections below stay open through the stop, until answered
        server.addConnector(connector);
        server.setErrorHandler(new Responses.JettyErrors());
        GracefulHandler door = new GracefulHandler();
        door.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                entered.countDown();
                release.await(30, TimeUnit.SECONDS);
                Content.Sink.write(response, true, "done", callback);
                return true;
            }
        });
        server.setHandler(door);
        server.start();
        int port = connector.getLocalPort();
        try (LogCapture log = new LogCapture();
                Socket slow = new Socket("127.0.0.1", port);
                Socket idle = new Socket("127.0.0.1", port)) {
            send(slow, "/slow");
            CompletableFuture<String> underWay = CompletableFuture.supplyAsync(() -> answer(slow));
            assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();

            // What the server's stop asks of each Graceful part, first of all.
            CompletableFuture<Void> stopping = door.shutdown();
            assertThat(door.isShutdown()).isTrue();

            // During the stop, a request on a connection that was already open: 503, the JSON error of the service.
            send(idle, "/new");
            assertThat(answer(idle))
                    .startsWith("HTTP/1.1 503 ")
                    .contains("application/json", "Access-Control-Allow-Origin: *")
                    .endsWith("The service is stopping; try again in a moment.\"}");
            assertThat(stopping).as("the stop waits for the request under way").isNotDone();
            assertThat(underWay).isNotDone();

            release.countDown();
            assertThat(underWay.get(30, TimeUnit.SECONDS))
                    .startsWith("HTTP/1.1 200 ")
                    .endsWith("\r\n\r\ndone");
            stopping.get(30, TimeUnit.SECONDS); // done once the last request under way has ended
            Throttle.flushAll(true); // as the service's stop does
            assertThat(log.lines())
                    .singleElement()
                    .asString()
                    .contains("stopping: answered 1 request(s) that came after the stop began with 503")
                    .doesNotContain("malformed");
        } finally {
            release.countDown();
            server.stop();
        }
    }

    private static void send(Socket socket, String path) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The whole answer, the server ending the connection after it; then the socket is closed, as a client does. */
    private static String answer(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
