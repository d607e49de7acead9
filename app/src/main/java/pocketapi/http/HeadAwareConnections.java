package pocketapi.http;

import java.nio.ByteBuffer;

import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * HTTP/1 connections that remember whether the request being read began with {@code HEAD}.
 *
 * <p>When Jetty cannot parse a request line ({@code HEAD /%00 HTTP/1.1}) it answers the error as
 * a request of method {@code BAD}: the method is lost, and the error body would be sent to a HEAD
 * request, where a pipelining client reads it as its next response. {@link #isHead} lets the
 * error handler send no body in that case. The peek costs one comparison per request.
 */
final class HeadAwareConnections extends HttpConnectionFactory {
    private static final byte[] HEAD = {'H', 'E', 'A', 'D', ' '};

    HeadAwareConnections(HttpConfiguration configuration) {
        super(configuration);
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        HeadAwareConnection connection = new HeadAwareConnection(getHttpConfiguration(), connector, endPoint);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(connection, connector, endPoint);
    }

    /** Whether the request (possibly one Jetty could not parse) began with {@code HEAD }. */
    static boolean isHead(Request request) {
        return request.getConnectionMetaData().getConnection() instanceof HeadAwareConnection c && c.head;
    }

    /**
     * Whether the bytes at the start of a request are, or may still become, {@code HEAD }: while
     * fewer than five bytes have arrived, a prefix of it counts (no body is the safe answer).
     */
    static boolean startsWithHead(ByteBuffer buffer) {
        int i = buffer.position();
        while (i < buffer.limit() && (buffer.get(i) == '\r' || buffer.get(i) == '\n')) {
            i++;  // empty lines before a request line are allowed
        }
        for (int k = 0; k < HEAD.length; k++, i++) {
            if (i >= buffer.limit()) {
                return true;
            }
            if (buffer.get(i) != HEAD[k]) {
                return false;
            }
        }
        return true;
    }

    private static final class HeadAwareConnection extends HttpConnection {
        // The constructor of HttpConnection makes the request handler, then the parser that needs it.
        private static final ThreadLocal<RequestHandler> HANDLER = new ThreadLocal<>();
        private volatile boolean head;

        HeadAwareConnection(HttpConfiguration configuration, Connector connector, EndPoint endPoint) {
            super(configuration, connector, endPoint);
        }

        @Override
        protected RequestHandler newRequestHandler() {
            RequestHandler handler = super.newRequestHandler();
            HANDLER.set(handler);
            return handler;
        }

        @Override
        protected HttpParser newHttpParser(HttpCompliance compliance) {
            RequestHandler handler = HANDLER.get();
            HANDLER.remove();
            HttpParser parser = new HttpParser(handler, getHttpConfiguration().getRequestHeaderSize(), compliance) {
                @Override
                public boolean parseNext(ByteBuffer buffer) {
                    if (isStart()) {
                        head = startsWithHead(buffer);
                    }
                    return super.parseNext(buffer);
                }
            };
            parser.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
            parser.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
            return parser;
        }
    }
}
