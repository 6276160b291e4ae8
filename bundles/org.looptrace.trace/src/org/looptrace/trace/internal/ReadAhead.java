// SPDX-License-Identifier: EPL-2.0
package org.looptrace.trace.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Reads a stream ahead on a thread of its own (for gzip: inflating while the reader parses), in
 * chunks of fixed size, at most {@link #AHEAD} of them in flight: memory is bounded, and the bytes
 * come out in order. An exception of the source (corrupt or truncated data) is thrown by
 * {@link #read} once every byte read before it has been delivered. Closing stops the thread.
 */
public final class ReadAhead extends InputStream {

	private static final int CHUNK = 1 << 18;
	private static final int AHEAD = 3;

	/** A chunk of bytes, the end of the stream (length -1), or the failure of the source. */
	private record Chunk(byte[] bytes, int length, @Nullable IOException failure) {
	}

	private final InputStream source;
	private final BlockingQueue<Chunk> filled = new ArrayBlockingQueue<>(AHEAD);
	private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(AHEAD + 2);
	private final Thread thread;
	private @Nullable Chunk current;
	private int offset;
	private boolean ended;

	/** Starts reading {@code source} ahead; {@code name} names the thread (the file). */
	public ReadAhead(InputStream source, String name) {
		this.source = source;
		this.thread = new Thread(this::fill, "looptrace read-ahead " + name);
		thread.setDaemon(true);
		thread.start();
	}

	/** Whether reading ahead can run beside the reader: more than one processor. */
	public static boolean helps() {
		return Runtime.getRuntime().availableProcessors() > 1;
	}

	private void fill() {
		try {
			while (true) {
				byte[] bytes = free.poll();
				if (bytes == null) {
					bytes = new byte[CHUNK];
				}
				int length = 0;
				int n = 0;
				while (length < CHUNK && (n = source.read(bytes, length, CHUNK - length)) >= 0) {
					length += n;
				}
				if (length > 0) {
					filled.put(new Chunk(bytes, length, null));
				}
				if (n < 0) {
					filled.put(new Chunk(bytes, -1, null));
					return;
				}
			}
		} catch (IOException e) {
			try {
				filled.put(new Chunk(new byte[0], -1, e));
			} catch (InterruptedException interrupted) {
				// closed: nobody reads any more
			}
		} catch (InterruptedException e) {
			// closed
		}
	}

	@Override
	public int read() throws IOException {
		byte[] one = new byte[1];
		return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
	}

	@Override
	public int read(byte @Nullable [] into, int from, int length) throws IOException {
		java.util.Objects.requireNonNull(into);
		Chunk chunk = current;
		while (chunk == null || offset == chunk.length()) {
			if (ended) {
				return -1;
			}
			if (chunk != null) {
				free.offer(chunk.bytes());
			}
			try {
				chunk = filled.take();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new InterruptedIOException("interrupted while reading ahead");
			}
			IOException failure = chunk.failure();
			if (failure != null) {
				ended = true;
				current = null;
				throw failure;
			}
			offset = 0;
			if (chunk.length() < 0) {
				ended = true;
				current = null;
				return -1;
			}
			current = chunk;
		}
		int n = Math.min(length, chunk.length() - offset);
		System.arraycopy(chunk.bytes(), offset, into, from, n);
		offset += n;
		return n;
	}

	@Override
	public void close() throws IOException {
		thread.interrupt();
		try {
			thread.join();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		source.close();
	}
}
