// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Predicate;

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

/**
 * Generates the replay program of a model into a workspace folder and refreshes it, so that the
 * Project Explorer shows it. Files already in the folder that the program would replace are
 * replaced only when {@code replace} agrees (it is asked off the UI thread). A model or data trace
 * that does not fit ends the job with the message naming it.
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
		return generate(settings, monitor, replace);
	}

	/**
	 * Generates the program into the settings' folder and refreshes it; files there that the program
	 * would replace are replaced only when {@code replace} agrees.
	 *
	 * @return OK, CANCEL (cancelled, or not allowed to replace) or an error with the message naming what does not fit
	 */
	static IStatus generate(ReplaySettings settings, @Nullable IProgressMonitor monitor, Predicate<List<String>> replace) {
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
			List<String> existing = program.files().keySet().stream().filter(name -> Files.exists(folder.resolve(name))).sorted().toList();
			if (!existing.isEmpty() && !replace.test(existing)) {
				return Status.CANCEL_STATUS;
			}
			program.write(folder, true);
			settings.folder().refreshLocal(IResource.DEPTH_INFINITE, null);
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
