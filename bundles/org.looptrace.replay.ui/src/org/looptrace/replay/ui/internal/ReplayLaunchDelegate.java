// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * Launches a LoopTrace Replay configuration: generates the program into its folder when the folder
 * holds none, or one generated from an earlier model or other options; then runs {@code make} and
 * {@code mpirun -np P} on it (Open MPI), each a process of the launch with its output in a console,
 * which Terminate ends with its children.
 * As root, Open MPI is allowed to run as such; more ranks than cores are run oversubscribed.
 */
public final class ReplayLaunchDelegate implements ILaunchConfigurationDelegate {

	/** The launch configuration type. */
	static final String TYPE = "org.looptrace.replay.ui.launchType";
	/** Attribute: the workspace path of the model; empty for a model outside the workspace. */
	static final String ATTR_MODEL = "org.looptrace.replay.ui.model";
	/** Attribute: the file system path of a model outside the workspace (File &gt; Open File), when {@link #ATTR_MODEL} is empty. */
	static final String ATTR_MODEL_LOCATION = "org.looptrace.replay.ui.modelLocation";
	/**
	 * Attribute: the program's folder, a workspace path (or a file system path, for a model outside the
	 * workspace); empty for {@code replay} beside the model.
	 */
	static final String ATTR_FOLDER = "org.looptrace.replay.ui.folder";
	/** Attribute: the data traces folder on disk; empty for none. */
	static final String ATTR_DATA = "org.looptrace.replay.ui.data";
	/** Attribute: a {@link Compute} name. */
	static final String ATTR_COMPUTE = "org.looptrace.replay.ui.compute";
	/** Attribute: the number of ranks mpirun starts. */
	static final String ATTR_RANKS = "org.looptrace.replay.ui.ranks";

	@Override
	public void launch(@Nullable ILaunchConfiguration configuration, @Nullable String mode, @Nullable ILaunch launch,
			@Nullable IProgressMonitor monitor) throws CoreException {
		if (configuration == null || launch == null) {
			return;
		}
		ReplaySettings settings = settings(configuration);
		Path folder = settings.folder();
		if (!prepare(settings, monitor)) {
			return;
		}
		IProcess make = start(launch, List.of("make"), folder);
		while (!make.isTerminated()) {
			if (monitor != null && monitor.isCanceled()) {
				make.terminate();
				return;
			}
			try {
				Thread.sleep(50);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				make.terminate();
				return;
			}
		}
		if (make.getExitValue() == 0) {
			start(launch, mpirun(configuration.getAttribute(ATTR_RANKS, 1), folder.resolve("replay")), folder);
		}
	}

	/**
	 * Brings the program in the settings' folder up to date with the model and the options: generates
	 * it when missing or when they changed since it was generated, keeping the files the user edited
	 * since as long as what they were generated from has not changed.
	 *
	 * @return whether to go on (false: cancelled)
	 * @throws CoreException when the model does not make a program, or when it changed and a file to
	 *                       replace was edited by hand (or written by another program), named in the message
	 */
	static boolean prepare(ReplaySettings settings, @Nullable IProgressMonitor monitor) throws CoreException {
		List<String> kept = new ArrayList<>();
		IStatus generated = GenerateReplayJob.generate(settings, monitor, true, edited -> {
			kept.addAll(edited);
			return false;
		});
		if (!kept.isEmpty()) {
			throw new CoreException(Status.error(NLS.bind(Messages.ReplayLaunchDelegate_edited,
					new Object[] { settings.folderLabel(), String.join(", ", kept), settings.model().label() })));
		}
		if (!generated.isOK() && generated.getSeverity() != IStatus.CANCEL) {
			throw new CoreException(generated);
		}
		return generated.isOK();
	}

	/** The command running the program on a number of ranks. */
	static List<String> mpirun(int ranks, Path program) {
		List<String> command = new ArrayList<>(List.of("mpirun"));
		if ("root".equals(System.getProperty("user.name"))) {
			command.add("--allow-run-as-root");
		}
		if (ranks > Runtime.getRuntime().availableProcessors()) {
			command.add("--oversubscribe");
		}
		command.addAll(List.of("-np", Integer.toString(ranks), program.toString()));
		return command;
	}

	private static IProcess start(ILaunch launch, List<String> command, Path folder) throws CoreException {
		Process process = DebugPlugin.exec(command.toArray(String[]::new), new File(folder.toString()));
		return DebugPlugin.newProcess(launch, process, String.join(" ", command));
	}

	/**
	 * Sets a configuration to replay a model as it starts: the folder {@code replay} beside it, its data
	 * traces when it has some, as many ranks as it has, and the model as its resource when the workspace
	 * has it (else its file system path).
	 *
	 * @throws CoreException naming the model and what is wrong when it cannot be read or replayed
	 */
	static void setDefaults(ILaunchConfigurationWorkingCopy configuration, ModelFile model) throws CoreException {
		ReplaySettings defaults;
		try {
			defaults = ReplaySettings.defaults(model);
		} catch (IOException e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ReplaySettings_unreadable, model.label(), e.getMessage()), e));
		}
		IFile file = model.file();
		configuration.setAttribute(ATTR_MODEL, file == null ? "" : file.getFullPath().toString());
		configuration.setAttribute(ATTR_MODEL_LOCATION, file == null ? model.location().toString() : "");
		configuration.setAttribute(ATTR_FOLDER, defaults.folderLabel());
		Path data = defaults.options().data();
		configuration.setAttribute(ATTR_DATA, data == null ? "" : data.toString());
		configuration.setAttribute(ATTR_COMPUTE, defaults.options().compute().name());
		configuration.setAttribute(ATTR_RANKS, ReplaySettings.ranks(model));
		configuration.setMappedResources(file == null ? null : new IResource[] { file });
	}

	/** Whether a configuration replays a model: it names it by its workspace path, else by its file system path. */
	static boolean replays(ILaunchConfiguration configuration, ModelFile model) throws CoreException {
		IFile file = model.file();
		return file != null ? file.getFullPath().toString().equals(configuration.getAttribute(ATTR_MODEL, ""))
				: model.location().toString().equals(configuration.getAttribute(ATTR_MODEL_LOCATION, ""));
	}

	/** The model a configuration names: a workspace file, else a file of the file system; a CoreException names what is missing. */
	static ModelFile model(String workspacePath, String location) throws CoreException {
		if (workspacePath.isEmpty() && !location.isEmpty()) {
			ModelFile outside = ModelFile.atLocation(location);
			if (outside == null) {
				String problem = new File(location).exists() ? Messages.ReplayLaunchDelegate_modelNotFile : Messages.ReplayLaunchDelegate_modelGone;
				throw new CoreException(Status.error(NLS.bind(problem, location)));
			}
			return outside;
		}
		IPath path = IPath.fromPortableString(workspacePath);
		IFile model = path.segmentCount() < 2 ? null : ResourcesPlugin.getWorkspace().getRoot().getFile(path);
		if (model == null || !model.exists()) {
			throw new CoreException(Status.error(NLS.bind(Messages.ReplayLaunchDelegate_modelMissing, workspacePath)));
		}
		try {
			return ModelFile.of(model);
		} catch (IOException e) {
			throw new CoreException(Status.error(model.getFullPath() + ": " + e.getMessage(), e));
		}
	}

	/** The settings of a configuration; a CoreException says which attribute does not make one. */
	static ReplaySettings settings(ILaunchConfiguration configuration) throws CoreException {
		ModelFile model = model(configuration.getAttribute(ATTR_MODEL, ""), configuration.getAttribute(ATTR_MODEL_LOCATION, ""));
		String folderPath = configuration.getAttribute(ATTR_FOLDER, "");
		Path folder = folderPath.isEmpty() ? model.location().resolveSibling(ReplaySettings.FOLDER) : ReplaySettings.folder(folderPath);
		if (folder == null) {
			throw new CoreException(Status.error(NLS.bind(Messages.ReplayLaunchDelegate_folderInvalid, folderPath)));
		}
		String data = configuration.getAttribute(ATTR_DATA, "");
		try {
			Compute compute = Compute.valueOf(configuration.getAttribute(ATTR_COMPUTE, Compute.NONE.name()));
			return new ReplaySettings(model, folder, new ReplayOptions(data.isEmpty() ? null : Path.of(data), compute));
		} catch (IllegalArgumentException e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ReplayLaunchDelegate_badCompute, configuration.getName(), e.getMessage())));
		}
	}
}
