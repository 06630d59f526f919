import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The server's connections, closed when idle: nothing read or written for `idleTimeout`.
///
/// Hummingbird's own idle timeout (`HTTP1Channel.Configuration.idleTimeout`) only starts once a
/// first request has arrived, so a connection that never sends one would stay open for ever (a
/// page could hold hundreds). This puts NIO's `IdleStateHandler` first in every connection's
/// pipeline, ahead of HTTP and of the WebSocket upgrade, and closes the connection when it fires.
/// The page's `/live` WebSocket stays open: the server pings it (`autoPing`) more often than the
/// timeout, and the browser's pongs are traffic. A request is never idle for that long either:
/// the engine answers within its call timeout (`--call-timeout`, shorter than this one).
struct IdleClosingChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let idleTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            let timeout = TimeAmount(idleTimeout)
            try channel.pipeline.syncOperations.addHandlers(IdleStateHandler(allTimeout: timeout), IdleCloser())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// The HTTP/1 server with the WebSocket upgrades of `router`, every connection closed after
    /// `idleTimeout` of silence; the WebSocket is pinged at half of it.
    static func server(router: Router<BasicWebSocketRequestContext>, idleTimeout: Duration) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: TimeAmount(idleTimeout)),
            ws: .init(autoPing: .enabled(timePeriod: idleTimeout / 2)))
        let webSocketResponder = router.buildResponder()
        return HTTPServerBuilder { responder in
            IdleClosingChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                idleTimeout: idleTimeout)
        }
    }
}

/// Closes the connection when `IdleStateHandler` says it has been idle.
private final class IdleCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
