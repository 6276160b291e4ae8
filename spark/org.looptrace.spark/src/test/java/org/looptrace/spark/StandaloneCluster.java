// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A Spark standalone cluster on the loopback interface: a Master and Workers started as processes
 * from the jars of this test's class path, as an allocation's nodes would start them, with the
 * configuration of {@link ClusterConfig} (authenticated with a secret of its own, RPC encrypted).
 */
final class StandaloneCluster implements AutoCloseable {

	/** What Spark opens of the JDK, for the processes of the cluster and its executors. */
	static final List<String> JAVA_OPENS = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
			"--add-opens=java.base/java.lang.invoke=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
			"--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
			"--add-opens=java.base/java.util.concurrent=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
			"--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED");

	private final Path home;
	private final Path config;
	private final int port;
	private final int webPort;
	private final Process master;
	private final List<Process> workers = new ArrayList<>();

	/** Starts a Master and {@code workers} Workers of one core each, and waits until all are up. */
	StandaloneCluster(Path home, int workers) throws Exception {
		this.home = home;
		Files.createDirectories(home.resolve("jars"));
		config = ClusterConfig.write(home.resolve("conf"), "127.0.0.1");
		port = freePort();
		webPort = freePort();
		master = start("master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
				Integer.toString(port), "--webui-port", Integer.toString(webPort), "--properties-file", config.toString()));
		for (int i = 0; i < workers; i++) {
			Path work = Files.createDirectories(home.resolve("work-" + i));
			this.workers.add(start("worker-" + i, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
					"--webui-port", Integer.toString(freePort()), "--cores", "1", "--memory", "1g", "--work-dir",
					work.toString(), "--properties-file", config.toString(), url())));
		}
		awaitWorkers(workers);
	}

	/** The master's URL. */
	String url() {
		return "spark://127.0.0.1:" + port;
	}

	/** The class path of this test, which the cluster's processes and the executors run on. */
	static String classPath() {
		return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
	}

	/** The cluster's configuration file, with its secret. */
	Path config() {
		return config;
	}

	/**
	 * The settings a driver in this process needs to run on the cluster: those of the cluster's
	 * configuration file (its secret among them), as the launcher's driver reads them from
	 * {@code SPARK_CONF_DIR}, and the class path of the executors.
	 */
	void configureDriver() throws IOException {
		Properties settings = new Properties();
		try (Reader reader = Files.newBufferedReader(config)) {
			settings.load(reader);
		}
		settings.forEach((key, value) -> System.setProperty((String) key, ((String) value).trim()));
		System.setProperty("spark.executor.memory", "768m");
		System.setProperty("spark.executor.extraClassPath", classPath());
		System.setProperty("spark.executor.extraJavaOptions", String.join(" ", JAVA_OPENS));
	}

	/** Kills a worker and the executor it started, as a lost machine. */
	void kill(int worker) throws InterruptedException {
		Process process = workers.get(worker);
		process.descendants().forEach(ProcessHandle::destroyForcibly);
		process.destroyForcibly();
		process.waitFor();
	}

	/** Whether a worker has started an executor (its work folder holds an application). */
	boolean runsAnExecutor(int worker) throws IOException {
		try (var apps = Files.list(home.resolve("work-" + worker))) {
			return apps.anyMatch(app -> app.getFileName().toString().startsWith("app-"));
		}
	}

	private Process start(String name, List<String> main) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.add("-Xmx512m");
		command.addAll(JAVA_OPENS);
		command.add("-cp");
		command.add(classPath());
		command.addAll(main);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(home.resolve(name + ".log").toFile());
		// a Worker builds the executors' command from SPARK_HOME/jars (empty here: the executors get the
		// class path as spark.executor.extraClassPath) and the Scala version
		builder.environment().put("SPARK_HOME", home.toString());
		builder.environment().put("SPARK_SCALA_VERSION", "2.13");
		return builder.start();
	}

	/** Waits until the master lists the workers alive, from its status page. */
	private void awaitWorkers(int count) throws Exception {
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		while (System.nanoTime() < deadline) {
			if (!master.isAlive()) {
				throw new IllegalStateException("the master ended: " + Files.readString(home.resolve("master.log")));
			}
			String status = status();
			if (status.contains("\"aliveworkers\" : " + count) || status.contains("\"aliveworkers\":" + count)) {
				return;
			}
			Thread.sleep(300);
		}
		throw new IllegalStateException("the workers did not register: " + status());
	}

	private String status() {
		try (Socket probe = new Socket()) {
			probe.connect(new InetSocketAddress("127.0.0.1", webPort), 1000);
		} catch (IOException e) {
			return "";
		}
		try (InputStream in = URI.create("http://127.0.0.1:" + webPort + "/json/").toURL().openStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		} catch (IOException e) {
			return "";
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@Override
	public void close() throws InterruptedException {
		for (Process worker : workers) {
			worker.descendants().forEach(ProcessHandle::destroyForcibly);
			worker.destroyForcibly();
			worker.waitFor();
		}
		master.destroyForcibly();
		master.waitFor();
	}
}
