// SPDX-License-Identifier: EPL-2.0
package org.looptrace.nlr;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.BinaryResourceImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.looptrace.model.LooptracePackage;
import org.looptrace.model.Model;
import org.looptrace.model.core.AtomicWrite;
import org.looptrace.model.core.Progress;

/**
 * Local models kept beside the traces they were computed from, so that re-modelling a run after
 * one rank changed re-reads only that rank. An entry is keyed by the SHA-256 of its trace file's
 * content and by the configuration of the local method (method and options): a changed trace or
 * option misses. Entries are checked against a digest of their own bytes, so a corrupt or truncated
 * entry is recomputed, never trusted. Entries are written whole ({@link AtomicWrite}), and the
 * temporaries a killed run left are deleted by the next; a folder that cannot be written to simply
 * caches nothing.
 *
 * <p>Thread-safe: ranks are looked up and stored from parallel workers, each on its own entry.
 */
public final class LocalModelCache {

	/** The folder inside a trace folder that holds its cache. */
	public static final String FOLDER = ".looptrace";

	private static final int MAGIC = 0x4C544C4D; // "LTLM"
	private static final int FORMAT = 2; // 2: messages may name a communicator

	private final Path entries;
	private final String configuration;
	private final AtomicInteger reused = new AtomicInteger();
	private final AtomicInteger computed = new AtomicInteger();
	private final AtomicBoolean recovered = new AtomicBoolean();

	private LocalModelCache(Path entries, String configuration) {
		this.entries = entries;
		this.configuration = configuration;
	}

	/**
	 * The cache of a trace folder for one local method.
	 *
	 * @param configuration names the method and every option that changes its result, e.g. {@code nlr
	 *                      k=128 stack=4096 affine=true}: entries made with another configuration miss
	 */
	public static LocalModelCache of(Path traceFolder, String configuration) {
		return at(traceFolder.resolve(FOLDER).resolve("local"), configuration);
	}

	/**
	 * A cache whose entries lie in {@code entries}, e.g. a workspace's state location where the trace
	 * folder should hold nothing but the user's files.
	 */
	public static LocalModelCache at(Path entries, String configuration) {
		return new LocalModelCache(entries, configuration);
	}

	/** The local model of {@code rank}: the cached one when its trace and configuration are unchanged. */
	public Model model(int rank, Path traceFile, LocalComputation computation) throws IOException {
		byte[] key = key(traceFile);
		Path entry = entries.resolve("rank-" + rank + ".model");
		Optional<Model> cached = read(entry, key);
		if (cached.isPresent()) {
			reused.incrementAndGet();
			return cached.get();
		}
		Model model = computation.compute();
		computed.incrementAndGet();
		write(entry, key, model);
		return model;
	}

	/** Ranks whose model came from the cache so far. */
	public int reused() {
		return reused.get();
	}

	/** Ranks whose model was computed so far. */
	public int computed() {
		return computed.get();
	}

	/** How a rank's local model is computed when the cache misses. */
	@FunctionalInterface
	public interface LocalComputation {
		Model compute() throws IOException;
	}

	private byte[] key(Path traceFile) throws IOException {
		MessageDigest digest = sha256();
		digest.update(configuration.getBytes(StandardCharsets.UTF_8));
		digest.update((byte) 0);
		try (InputStream in = new DigestInputStream(Files.newInputStream(traceFile), digest)) {
			in.transferTo(OutputStream.nullOutputStream());
		}
		return digest.digest();
	}

	/** The entry's model if it is whole and made for {@code key}; empty for anything else. */
	private static Optional<Model> read(Path entry, byte[] key) {
		if (!Files.isRegularFile(entry)) {
			return Optional.empty();
		}
		try (DataInputStream in = new DataInputStream(Files.newInputStream(entry))) {
			if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
				return Optional.empty();
			}
			byte[] storedKey = in.readNBytes(key.length);
			byte[] storedDigest = in.readNBytes(32);
			int length = in.readInt();
			if (!Arrays.equals(storedKey, key) || length < 0) {
				return Optional.empty();
			}
			byte[] payload = in.readNBytes(length);
			if (payload.length != length || in.read() != -1 || !Arrays.equals(sha256().digest(payload), storedDigest)) {
				return Optional.empty();
			}
			return Optional.of(load(payload));
		} catch (IOException | RuntimeException e) {
			// a damaged entry is a miss: the model is recomputed and the entry rewritten
			return Optional.empty();
		}
	}

	private void write(Path entry, byte[] key, Model model) {
		try {
			byte[] payload = save(model);
			ByteArrayOutputStream bytes = new ByteArrayOutputStream(payload.length + 128);
			try (DataOutputStream out = new DataOutputStream(bytes)) {
				out.writeInt(MAGIC);
				out.writeInt(FORMAT);
				out.write(key);
				out.write(sha256().digest(payload));
				out.writeInt(payload.length);
				out.write(payload);
			}
			if (!recovered.getAndSet(true)) {
				// once per run: what a killed run left is hidden, but grows the folder at every kill
				AtomicWrite.recover(Files.createDirectories(entries));
			}
			AtomicWrite.file(entry, bytes.toByteArray(), Progress.NONE);
		} catch (IOException e) {
			// a read-only trace folder caches nothing; the model itself is unaffected
		}
	}

	private static byte[] save(Model model) throws IOException {
		Resource resource = resource();
		// a copy: the caller's model stays outside any resource
		resource.getContents().add(EcoreUtil.copy(model));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		resource.save(out, Map.of());
		return out.toByteArray();
	}

	private static Model load(byte[] payload) throws IOException {
		Resource resource = resource();
		resource.load(new ByteArrayInputStream(payload), Map.of());
		Model model = (Model) resource.getContents().get(0);
		resource.getContents().clear();
		return model;
	}

	private static Resource resource() {
		// touching the package registers it, so the binary format finds its classes on a plain class path
		LooptracePackage.eINSTANCE.eClass();
		return new BinaryResourceImpl(URI.createURI("looptrace:local-model"));
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("every Java platform has SHA-256", e);
		}
	}

	@Override
	public String toString() {
		return "local models: " + reused() + " reused, " + computed() + " computed";
	}
}
