// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Predicate;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Model;
import org.looptrace.replay.ReplayException;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayProgram;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.WrittenFiles;

/**
 * Generates the replay program of a model into a workspace folder and refreshes it, so that the
 * Project Explorer shows it. Files of the folder edited by hand since they were generated (or not
 * generated here) are replaced only when {@code replace} agrees (it is asked off the UI thread). A
 * model or data trace that does not fit ends the job with the message naming it.
 */
final class GenerateReplayJob extends Job {

	/** The family of these jobs, for tests waiting on them. */
	static final Object FAMILY = new Object();

	private final ReplaySettings settings;
	private final Predicate<List<String>> replace;

	GenerateReplayJob(ReplaySettings settings, Predicate<List<String>> replace) {
		super("Generating the replay program of " + settings.model().getFullPath());
		this.settings = settings;
		this.replace = replace;
		setUser(true);
		setRule(settings.folder().getProject());
	}

	@Override
	public boolean belongsTo(@Nullable Object family) {
		return family == FAMILY;
	}

	@Override
	protected IStatus run(@Nullable IProgressMonitor monitor) {
		return generate(settings, monitor, false, replace);
	}

	/**
	 * Generates the program into the settings' folder, refreshes the folder and records in each file
	 * what it generated ({@link WrittenFiles}). Files there as last generated are replaced; files edited
	 * by hand since (or written by something else) are replaced only when {@code replace} agrees,
	 * except, with {@code keepCurrentEdits}, those whose generated text has not changed since: the model
	 * and the options still give what they were generated from, so the user's edits are kept unasked.
	 *
	 * @return OK, CANCEL (cancelled, or not allowed to replace) or an error with the message naming what does not fit
	 */
	static IStatus generate(ReplaySettings settings, @Nullable IProgressMonitor monitor, boolean keepCurrentEdits,
			Predicate<List<String>> replace) {
		IPath location = settings.folder().getLocation();
		if (location == null) {
			return error("The folder " + settings.folder().getFullPath() + " is not on the local file system", null);
		}
		Path folder = location.toPath();
		try {
			String modelName = settings.model().getFullPath().toString();
			Model model = ModelText.parse(ModelViews.read(settings.model()), modelName);
			ReplayProgram program = ReplayGenerator.generate(model, settings.model().getName(), settings.options(),
					new MonitorProgress(monitor, "Generating the replay program of " + modelName));
			IFolder target = settings.folder();
			Map<String, String> files = new HashMap<>(program.files());
			Map<String, String> generated = new HashMap<>();
			List<String> edited = new ArrayList<>();
			boolean changed = false;
			for (Map.Entry<String, String> file : program.files().entrySet()) {
				String name = file.getKey();
				Path onDisk = folder.resolve(name);
				String now = WrittenFiles.hash(file.getValue().getBytes(StandardCharsets.UTF_8));
				String disk = Files.isRegularFile(onDisk) ? WrittenFiles.hash(Files.readAllBytes(onDisk)) : null;
				String written = WrittenFiles.markOf(target.getFile(name));
				generated.put(name, now);
				if (now.equals(disk)) {
					continue;
				}
				if (disk == null || disk.equals(written)) {
					changed = true;
				} else if (keepCurrentEdits && now.equals(written)) {
					files.put(name, Files.readString(onDisk, StandardCharsets.UTF_8));
				} else {
					edited.add(name);
				}
			}
			if (!edited.isEmpty() && !replace.test(edited.stream().sorted().toList())) {
				return Status.CANCEL_STATUS;
			}
			if (changed || !edited.isEmpty()) {
				new ReplayProgram(files, program.ranks(), program.tags()).write(folder, true);
			}
			target.refreshLocal(IResource.DEPTH_INFINITE, null);
			// what was generated, also for a file of the user's kept: its edits stay edits
			for (Map.Entry<String, String> hash : generated.entrySet()) {
				WrittenFiles.mark(target.getFile(hash.getKey()), hash.getValue());
			}
			return Status.OK_STATUS;
		} catch (CancellationException e) {
			return Status.CANCEL_STATUS;
		} catch (ModelTextException | ReplayException e) {
			return error(e.getMessage(), null);
		} catch (IOException | CoreException e) {
			return error("Cannot generate the replay program into " + folder + ": " + e.getMessage(), e);
		}
	}

	private static IStatus error(@Nullable String message, @Nullable Throwable cause) {
		return Status.error(String.valueOf(message), cause);
	}
}
