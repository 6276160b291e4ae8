// SPDX-License-Identifier: EPL-2.0
package org.looptrace.spark;

import java.io.IOException;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.merge.InconsistentTraceException;
import org.looptrace.merge.MergeOptions;
import org.looptrace.merge.Merger;
import org.looptrace.merge.PartialModel;
import org.looptrace.model.Model;
import org.looptrace.model.core.Parallel;
import org.looptrace.model.core.Progress;
import org.looptrace.nlr.Nlr;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.pipeline.ClusterModel;
import org.looptrace.spark.internal.RangeTask;
import org.looptrace.spark.internal.Ranges;
import org.looptrace.spark.internal.TaskFailure;
import org.looptrace.trace.TraceFolder;

/**
 * The global model of a trace folder made by an Apache Spark job: one task per range of ranks (a
 * node of the merge tree, a few ranges per core of the cluster) makes the local models of its ranks
 * and merges them; the driver combines the partial models over the top of the same tree, then folds.
 * The tree is the one of {@link Merger} on one machine, so the model has the same bytes, whichever
 * executor runs which task and however often Spark runs a task again (a lost executor). Partial
 * models travel as {@link PartialModel#toBytes() bytes}: a merged range is a few loops.
 * <p>
 * Settings of the job come from {@code -Dspark.*}, then from {@code spark-defaults.conf} of
 * {@code SPARK_CONF_DIR}; the master is the one given. Cancelling the progress, or the end of this process (Ctrl+C), cancels
 * the job.
 */
public final class SparkModel implements ClusterModel {

	/** Ranges per core of the cluster: enough to balance uneven ranks and rerun little after a loss. */
	private static final int RANGES_PER_CORE = 4;

	@Override
	public Model model(TraceFolder folder, String master, NlrOptions nlr, MergeOptions options, Progress progress)
			throws IOException, InconsistentTraceException {
		checkReachable(master);
		SparkConf conf = new SparkConf().setMaster(master).setAppName("looptrace model " + folder.folder());
		defaults(System.getenv("SPARK_CONF_DIR"), conf);
		conf.setIfMissing("spark.ui.enabled", "false");
		int ranks = folder.ranks();
		try (JavaSparkContext spark = new JavaSparkContext(conf)) {
			Thread cancelOnExit = new Thread(spark::cancelAllJobs, "looptrace: cancel the Spark job");
			Runtime.getRuntime().addShutdownHook(cancelOnExit);
			try {
				int most = Math.ceilDiv(ranks, RANGES_PER_CORE * Math.max(1, spark.defaultParallelism()));
				List<int[]> ranges = Ranges.of(ranks, most);
				progress.begin("Merging " + ranks + " ranks in " + ranges.size() + " Spark tasks", ranges.size());
				Progress shared = Parallel.shared(progress);
				spark.sc().addSparkListener(new SparkListener() {
					@Override
					public void onTaskEnd(SparkListenerTaskEnd end) {
						if (end.taskInfo().successful()) {
							shared.worked(1);
						}
					}
				});
				List<byte[]> results = run(spark, ranges, new RangeTask(folder.folder(), nlr), progress);
				PartialModel whole = Ranges.combine(ranks, most, results.stream().map(PartialModel::fromBytes).toList(),
						(first, second) -> Merger.combine(first, second, progress));
				return Merger.finish(whole, ranks, rank -> Nlr.modelRank(folder, rank, nlr, progress, null), options,
						progress);
			} finally {
				removeHook(cancelOnExit);
			}
		}
	}

	/**
	 * The settings of {@code spark-defaults.conf} in the folder of {@code SPARK_CONF_DIR}, as
	 * spark-submit reads them (the secret of an authenticated cluster among them), under those of
	 * {@code -Dspark.*}.
	 */
	static void defaults(@Nullable String confDir, SparkConf conf) throws IOException {
		if (confDir == null) {
			return;
		}
		Path file = Path.of(confDir, "spark-defaults.conf");
		if (!Files.isRegularFile(file)) {
			return;
		}
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(file)) {
			properties.load(reader);
		}
		for (String key : properties.stringPropertyNames()) {
			if (key.startsWith("spark.")) {
				conf.setIfMissing(key, properties.getProperty(key).trim());
			}
		}
	}

	/** The bytes of every range, in order; the job cancelled when the progress is. */
	private static List<byte[]> run(JavaSparkContext spark, List<int[]> ranges, RangeTask task, Progress progress)
			throws IOException, InconsistentTraceException {
		spark.setJobGroup("looptrace", "local models and their merge per range of ranks", true);
		Thread watch = new Thread(() -> {
			try {
				while (!progress.isCancelled()) {
					Thread.sleep(200);
				}
				spark.cancelJobGroup("looptrace");
			} catch (InterruptedException e) {
				// the job ended: nothing to cancel
			}
		}, "looptrace: watch for cancellation");
		watch.setDaemon(true);
		watch.start();
		try {
			return spark.parallelize(ranges, ranges.size()).map(task).collect();
		} catch (Exception e) {
			// a failed job is a SparkException, which Scala throws without declaring it
			progress.checkCancelled();
			if (spark.sc().isStopped()) {
				// Spark stops the context when the master never accepted the driver
				throw refused(spark.master(), e);
			}
			throw failure(e);
		} finally {
			watch.interrupt();
		}
	}

	/** What the user reads of a failed job: the task's own message when it met bad input. */
	private static IOException failure(Exception job) throws InconsistentTraceException {
		for (Throwable cause = job; cause != null; cause = cause.getCause()) {
			if (cause instanceof TaskFailure failure) {
				if (failure.inconsistent()) {
					throw new InconsistentTraceException(String.valueOf(failure.getMessage()));
				}
				return new IOException(failure.getMessage(), failure);
			}
		}
		String message = String.valueOf(job.getMessage());
		// Spark names a failure it could not hand back as "...TaskFailure: message" in its own text
		int at = message.indexOf(TaskFailure.class.getName() + ": ");
		if (at >= 0) {
			String rest = message.substring(at + TaskFailure.class.getName().length() + 2);
			return new IOException(rest.lines().findFirst().orElse(rest), job);
		}
		return new IOException("the Spark job failed: " + message.lines().findFirst().orElse(message), job);
	}

	/**
	 * What the user reads when the master gave up on this driver: a cluster started with
	 * {@code spark.authenticate} refuses every connection without its secret.
	 */
	private static IOException refused(String master, Exception job) {
		return new IOException("the Spark master " + master + " did not accept this driver: an authenticated cluster"
				+ " (spark.authenticate) needs its secret, from the spark-defaults.conf of the cluster's configuration"
				+ " folder given as SPARK_CONF_DIR; or the master stopped answering", job);
	}

	/**
	 * Refuses at once a standalone master nobody answers at: Spark itself would try for a minute
	 * before giving up.
	 */
	private static void checkReachable(String master) throws IOException {
		if (!master.startsWith("spark://")) {
			return;
		}
		IOException unreachable = null;
		for (String hostPort : master.substring("spark://".length()).split(",")) {
			URI uri = URI.create("spark://" + hostPort);
			if (uri.getHost() == null || uri.getPort() < 0) {
				throw new IOException("not a Spark master: " + master + " (expected spark://HOST:PORT)");
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5000);
				return;
			} catch (IOException e) {
				unreachable = e;
			}
		}
		throw new IOException("cannot reach the Spark master " + master
				+ (unreachable == null ? "" : ": " + unreachable.getMessage()), unreachable);
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		} catch (IllegalStateException e) {
			// the process is ending: the hook runs
		}
	}
}
