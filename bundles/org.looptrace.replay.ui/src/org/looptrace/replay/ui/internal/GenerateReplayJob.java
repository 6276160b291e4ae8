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

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
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
 * Generates the replay program of a model into a folder and refreshes it when it is in the workspace,
 * so that the Project Explorer shows it (a model outside the workspace has its program beside it). Files of the folder edited by hand since they were generated (or not
 * generated here) are replaced only when {@code replace} agrees (it is asked off the UI thread). A
 * model or data trace that does not fit ends the job with the message naming it.
 */
final class GenerateReplayJob extends Job {

	/** The family of these jobs, for tests waiting on them. */
	static final Object FAMILY = new Object();

	private final ReplaySettings settings;
	private final Predicate<List<String>> replace;

	GenerateReplayJob(ReplaySettings settings, Predicate<List<String>> replace) {
		super(NLS.bind(Messages.GenerateReplayJob_name, settings.model().label()));
		this.settings = settings;
		this.replace = replace;
		setUser(true);
		IContainer folder = ResourcesPlugin.getWorkspace().getRoot().getContainerForLocation(IPath.fromPath(settings.folder()));
		setRule(folder == null ? null : folder.getProject());
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
		Path folder = settings.folder();
		try {
			String modelName = settings.model().label();
			Model model = ModelText.parse(settings.model().read(), modelName);
			ReplayProgram program = ReplayGenerator.generate(model, settings.model().name(), settings.options(),
					new MonitorProgress(monitor, NLS.bind(Messages.GenerateReplayJob_name, modelName)));
			Map<String, String> files = new HashMap<>(program.files());
			Map<String, String> generated = new HashMap<>();
			List<String> edited = new ArrayList<>();
			boolean changed = false;
			for (Map.Entry<String, String> file : program.files().entrySet()) {
				String name = file.getKey();
				Path onDisk = folder.resolve(name);
				String now = WrittenFiles.hash(file.getValue().getBytes(StandardCharsets.UTF_8));
				String disk = Files.isRegularFile(onDisk) ? WrittenFiles.hash(Files.readAllBytes(onDisk)) : null;
				String written = WrittenFiles.markOf(onDisk);
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
			ModelViews.refreshFolder(folder, null);
			// what was generated, also for a file of the user's kept: its edits stay edits
			for (Map.Entry<String, String> hash : generated.entrySet()) {
				WrittenFiles.mark(folder.resolve(hash.getKey()), hash.getValue());
			}
			return Status.OK_STATUS;
		} catch (CancellationException e) {
			return Status.CANCEL_STATUS;
		} catch (ModelTextException | ReplayException e) {
			return error(e.getMessage(), null);
		} catch (IOException | CoreException e) {
			return error(NLS.bind(Messages.GenerateReplayJob_failed, folder, e.getMessage()), e);
		}
	}

	private static IStatus error(@Nullable String message, @Nullable Throwable cause) {
		return Status.error(String.valueOf(message), cause);
	}
}
